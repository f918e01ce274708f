import { z } from 'zod';

export const ZSignup = z.object({
  email: z.string().trim().email({ message: 'Enter a valid email address' }),
  password: z.string().min(1, { message: 'Enter a password' }),
  name: z.string().trim().max(120).optional(),
});
export type TSignup = z.infer<typeof ZSignup>;

export const ZSetPassword = z.object({
  email: z.string().trim().email({ message: 'Enter a valid email address' }),
  token: z.string().min(1, { message: 'Enter the token from your email' }),
  password: z.string().min(1, { message: 'Enter a new password' }),
});
export type TSetPassword = z.infer<typeof ZSetPassword>;
