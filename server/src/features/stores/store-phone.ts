/**
 * The key a store's phone number is matched by: its last ten digits, since receipts and feeds print the same number
 * with or without a country code, trunk prefix spacing or punctuation ("(03) 555-1234" and "035551234"). Null for
 * no number, or one too short to be a whole phone number (a receipt's number is never matched against it).
 */
export function toPhoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 9 ? digits.slice(-10) : null;
}

/** The columns every write that sets a store's phone sets together, so `phone_key` always follows `phone`. */
export function toPhoneColumns(phone: string | null | undefined): { phone: string | null; phone_key: string | null } {
  return { phone: phone ?? null, phone_key: toPhoneKey(phone) };
}
