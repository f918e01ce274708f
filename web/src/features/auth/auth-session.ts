/** The user fields the app relies on; better-auth adds plugin fields (phone, 2FA). The role is the profile's. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  emailVerified: boolean;
  phoneNumber?: string | null;
  phoneNumberVerified?: boolean | null;
  twoFactorEnabled?: boolean | null;
}

/** The signed-in session as the app reads it from better-auth's cookie session. */
export interface AuthSession {
  user: SessionUser;
  /** Epoch milliseconds; the session is re-read shortly before this. */
  expiresAt: number;
  /** better-auth's session token, which marks this browser's row in the sessions list. */
  token: string;
}

export interface RawSession {
  session: { token: string; expiresAt: Date | string };
  user: SessionUser;
}

export function toAuthSession(raw: RawSession): AuthSession {
  return { user: raw.user, expiresAt: new Date(raw.session.expiresAt).getTime(), token: raw.session.token };
}
