import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../components/toast-store';
import { AuthShell } from './auth-shell';
import type { ResetRequestOutcome } from './password-reset';
import { ResetLinkForm } from './reset-link-form';

export const AUTH_NOT_CONFIGURED = 'Authentication is not configured';

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);

  function handleOutcome(outcome: ResetRequestOutcome, address: string) {
    if (!outcome.isOk) {
      // The server has no way to send mail (production without SMTP_URL): the spec's own message.
      if (outcome.message === AUTH_NOT_CONFIGURED) toast.error(AUTH_NOT_CONFIGURED);
      else toast.error('Failed to send reset email', outcome.message || 'Please try again later');
      return;
    }
    toast.success('Check your email', 'We sent you a password reset link');
    setSentTo(address);
  }

  if (sentTo) {
    return (
      <AuthShell title="Check your email">
        <p>
          We sent a password reset link to <strong>{sentTo}</strong>.
        </p>
        <p className="top-gap">
          <Link to="/login" className="btn btn-secondary btn-block">
            Back to login
          </Link>
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Forgot your password?" subtitle="Enter your email and we will send you a link to choose a new one.">
      <ResetLinkForm onOutcome={handleOutcome} />
      <p className="top-gap center">
        <Link to="/login">Back to login</Link>
      </p>
    </AuthShell>
  );
}
