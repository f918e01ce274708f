/**
 * Reset links, sign-in codes and unsubscribe tokens let whoever reads them act as the account's owner, so the operator's
 * view of the outbox (and what it stores) in production shows none of them. The sender names its secrets; links and
 * codes are also found by their shape, so a message whose sender named nothing is still covered.
 */
const LINK = /\bhttps?:\/\/[^\s<>"')\]]+/gi;
// "code is 123456", "code: 123 456", "Your code 12345678": the digits after the word, up to a few words later.
const CODE = /(\bcode\b[^\d\n]{0,24})\d[\d -]{2,12}\d/gi;
export const REDACTED = '[redacted]';

export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  out = out.replace(LINK, (link) => {
    try {
      return `${new URL(link).origin}/${REDACTED}`;
    } catch {
      return REDACTED;
    }
  });
  return out.replace(CODE, (_match, lead: string) => `${lead}${REDACTED}`);
}

const SECRET_PATH_SEGMENT = /(\/(?:reset-password|verify-email|magic-link|unsubscribe)\/)[^/]+/gi;
const HAS_SECRET_PATH_SEGMENT = /\/(?:reset-password|verify-email|magic-link|unsubscribe)\//i;

/** A request URL fit for the log: path tokens of reset and verification links and secret query values removed. */
export function redactUrlForLog(url: string): string {
  // Every request is logged: a plain path (nearly all of them) is returned as it is, without splitting or copying.
  if (!url.includes('?') && !HAS_SECRET_PATH_SEGMENT.test(url)) return url;
  const [pathPart = '', query] = url.split('?', 2) as [string, string | undefined];
  const safePath = pathPart.replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`);
  if (query === undefined) return safePath;
  const safeQuery = query.replace(/(^|&)((?:token|code|otp|callbackURL|secret|key)=)[^&]*/gi, `$1$2${REDACTED}`);
  return `${safePath}?${safeQuery}`;
}
