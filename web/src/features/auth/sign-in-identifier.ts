export type SignInIdentifier = { kind: 'email'; email: string } | { kind: 'phone'; phoneNumber: string } | { kind: 'invalid' };

const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{5,20}$/;

/** The login field takes an email or a phone number; decide which sign-in endpoint applies. */
export function parseSignInIdentifier(raw: string): SignInIdentifier {
  const value = raw.trim();
  if (value.includes('@')) return { kind: 'email', email: value };
  if (PHONE_PATTERN.test(value)) {
    // Keep the leading + (E.164) and digits only: better-auth stores numbers normalised.
    const phoneNumber = `${value.startsWith('+') ? '+' : ''}${value.replace(/\D/g, '')}`;
    return { kind: 'phone', phoneNumber };
  }
  return { kind: 'invalid' };
}
