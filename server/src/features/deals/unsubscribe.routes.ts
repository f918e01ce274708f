import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dealsApi } from '@cartwise/contracts';
import { nowIso } from '../../db/ids';
import { fromContract } from '../../http/route-contract';

const LISTS = {
  deal_alerts: 'deal alert emails',
  marketing: 'marketing emails',
  product: 'product update emails',
  receipts: 'receipt processing alerts',
} as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A standalone page (no app bundle) in the app's light and dark colours, following the system theme. */
function renderPage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Cartwise</title>
<style>:root{color-scheme:light dark}
body{font-family:system-ui,sans-serif;line-height:1.5;background:#f6f8f6;color:#111827;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #d1d5db;border-radius:12px;padding:32px;max-width:420px;margin:16px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.4rem;margin:0 0 12px}a{color:#166534;font-weight:600}
@media (prefers-color-scheme:dark){body{background:#0f1412;color:#e8eee9}main{background:#18201c;border-color:#3a4a41;box-shadow:none}a{color:#86efac}}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
<p><a href="/u/settings/notifications">Manage email preferences</a></p></main></body></html>`;
}

/** One-click unsubscribe from an email link: works without signing in; the token identifies the shopper. */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(dealsApi.unsubscribe),
    handler: async (request, reply) => {
      const { token, list } = request.query;
      const result = await app.db
        .updateTable('notification_preferences')
        .set({ [list]: 0, updated_at: nowIso() })
        .where('unsubscribe_token', '=', token)
        .executeTakeFirst();
      reply.type('text/html; charset=utf-8');
      if (Number(result.numUpdatedRows) === 0) {
        return reply
          .status(404)
          .send(
            renderPage(
              'Link not valid',
              'This unsubscribe link is not valid or has expired. You can change your email preferences in Settings.',
            ),
          );
      }
      request.log.info({ list }, 'unsubscribed by email link');
      return reply.send(
        renderPage("You're unsubscribed", `You will no longer receive ${LISTS[list]}. You can turn them back on at any time in Settings.`),
      );
    },
  });
};
