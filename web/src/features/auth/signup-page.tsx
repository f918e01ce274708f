import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { HOUSEHOLD_INVITE_PATH, ZNewPassword, ZSignup, toInviteReturnPath } from '@cartwise/contracts';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { AuthShell } from './auth-shell';
import { useAuth } from './auth-context';
import { readRedirectPath } from './guards';
import { submitSignup } from './signup-request';
import { formatPricingLine } from '../public/pricing';
import { useIsBillingOn } from '../public/use-is-billing-on';

/** The sign-up contract's fields, with the server's minimum length checked before sending. */
const ZSignupForm = z.object({ email: ZSignup.shape.email, password: ZNewPassword, name: z.string().trim().max(120) });

/** The code of the invite page a signed-out visitor came from, if any (a path like /u/settings/household?code=...). */
function readInviteCode(path: string): string | undefined {
  if (!path.startsWith(`${HOUSEHOLD_INVITE_PATH}?`)) return undefined;
  const code = new URLSearchParams(path.slice(HOUSEHOLD_INVITE_PATH.length + 1)).get('code')?.trim() ?? '';
  return ZSignup.shape.inviteCode.safeParse(code).success && code ? code : undefined;
}

export default function SignupPage() {
  const { reloadSession } = useAuth();
  const navigate = useNavigate();
  // An invite link opened signed out comes here through /login: the newcomer lands back on it to join.
  const invitePath = readRedirectPath(useLocation().state, '');
  const inviteCode = readInviteCode(invitePath);
  const form = useForm({ resolver: zodResolver(ZSignupForm), defaultValues: { email: '', password: '', name: '' } });
  const { errors } = form.formState;
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const isBillingOn = useIsBillingOn();

  const handleSubmit = form.handleSubmit(async ({ email, password, name }) => {
    setIsBusy(true);
    setError(null);
    const outcome = await submitSignup({ email, password, name: name || undefined, inviteCode });
    if (!outcome.isOk) {
      setError(outcome.message);
      setIsBusy(false);
      return;
    }
    // The server answers a registered address exactly like a new one and emails its owner; only a newcomer
    // comes back signed in. Without a session, the next step is in the mailbox.
    const session = await reloadSession();
    setIsBusy(false);
    if (!session) {
      setSentTo(email);
      return;
    }
    toast.success(outcome.message);
    await navigate(inviteCode ? toInviteReturnPath(inviteCode) : '/onboarding');
  });

  if (sentTo) {
    return (
      <AuthShell title="Check your email" footer={<Link to="/login">Back to login</Link>}>
        <p role="status">
          We sent a message to <strong>{sentTo}</strong> with the next step. If you already have an account, sign in or reset your password
          from there.
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Create your account"
      subtitle={
        inviteCode
          ? 'Create your account, then join the household you were invited to.'
          : isBillingOn
            ? formatPricingLine()
            : 'Turn your receipts into savings on every trip.'
      }
      footer={
        <p>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField label="Email" type="email" autoComplete="email" {...form.register('email')} error={errors.email?.message} required />
        <PasswordField label="Password" purpose="new" {...form.register('password')} error={errors.password?.message} required />
        <TextField label="Name (optional)" autoComplete="name" {...form.register('name')} error={errors.name?.message} />
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Button type="submit" isFullWidth isBusy={isBusy} busyLabel="Creating account...">
          Sign up
        </Button>
      </form>
    </AuthShell>
  );
}
