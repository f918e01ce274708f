import { accountApi, buildRoutePath } from '@cartwise/contracts';

export interface SignupInput {
  email: string;
  password: string;
  name?: string;
  /** The code of the invite link that led to sign-up: the mailed confirmation link returns to it. */
  inviteCode?: string;
}

export type SignupOutcome = { isOk: true; message: string } | { isOk: false; message: string };

function readMessage(body: object): string | null {
  return 'message' in body && typeof body.message === 'string' && body.message ? body.message : null;
}

/**
 * POST /api/signup with the spec's messages (section 8): the server message or
 * "Sign up failed"; "Bad response (not object)" for a non-object body; "Welcome!"
 * when a success carries no message.
 */
export async function submitSignup(input: SignupInput, fetchFn: typeof fetch = fetch): Promise<SignupOutcome> {
  let response: Response;
  try {
    response = await fetchFn(buildRoutePath(accountApi.signup), {
      method: accountApi.signup.method,
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: input.email,
        password: input.password,
        ...(input.name ? { name: input.name } : {}),
        ...(input.inviteCode ? { inviteCode: input.inviteCode } : {}),
      }),
    });
  } catch {
    return { isOk: false, message: 'Sign up failed' };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const object = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : null;
  if (!response.ok) return { isOk: false, message: (object && readMessage(object)) || 'Sign up failed' };
  if (!object) return { isOk: false, message: 'Bad response (not object)' };
  return { isOk: true, message: readMessage(object) ?? 'Welcome!' };
}
