import { dealsApi, type ZUnsubscribeQuery } from '@cartwise/contracts';
import type { z } from 'zod';

type MailingList = z.infer<typeof ZUnsubscribeQuery>['list'];

/** The one-click unsubscribe link an email carries (works without signing in), built from the route's contract. */
export function buildUnsubscribeUrl(publicUrl: string, token: string, list: MailingList): string {
  const url = new URL(dealsApi.unsubscribe.path, publicUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('list', list);
  return url.toString();
}
