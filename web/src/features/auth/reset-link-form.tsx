import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { ZEmailForm, requestPasswordResetEmail, type ResetRequestOutcome } from './password-reset';

/**
 * The email field and "Send reset link" button of both reset pages: asks for the link, then hands the outcome
 * and the address to the page, which says what happened in its own way. `children` follow the button.
 */
export function ResetLinkForm({
  onOutcome,
  children,
}: {
  onOutcome: (outcome: ResetRequestOutcome, address: string) => void;
  children?: ReactNode;
}) {
  const form = useForm({ resolver: zodResolver(ZEmailForm), defaultValues: { email: '' } });
  const [isBusy, setIsBusy] = useState(false);

  const handleSubmit = form.handleSubmit(async ({ email }) => {
    setIsBusy(true);
    const outcome = await requestPasswordResetEmail(email);
    setIsBusy(false);
    onOutcome(outcome, email);
  });

  return (
    <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        {...form.register('email')}
        error={form.formState.errors.email?.message}
        required
      />
      <Button type="submit" isFullWidth isBusy={isBusy} busyLabel="Sending reset link...">
        Send reset link
      </Button>
      {children}
    </form>
  );
}
