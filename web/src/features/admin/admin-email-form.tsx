import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ZAddWaitlistEntry } from '@cartwise/contracts';
import { Button, TextField, toast } from '../../components';
import { getErrorMessage } from '../../lib/api-client';

export interface AdminEmailFormProps {
  submitLabel: string;
  busyLabel: string;
  /** The failure toast's title; the server's message is its body. */
  failureTitle: string;
  /** Sends the checked, trimmed and lower-cased address; the field clears once it succeeds. */
  onSend: (email: string) => Promise<unknown>;
}

/** One email field checked with the API's own rule (invites and the waitlist take the same body). */
export function AdminEmailForm({ submitLabel, busyLabel, failureTitle, onSend }: AdminEmailFormProps) {
  const form = useForm({ resolver: zodResolver(ZAddWaitlistEntry), defaultValues: { email: '' } });
  const send = useMutation({
    mutationFn: (email: string) => onSend(email),
    onSuccess: () => form.reset({ email: '' }),
    onError: (error) => toast.error(failureTitle, getErrorMessage(error)),
  });
  const submit = form.handleSubmit(({ email }) => send.mutate(email));
  return (
    <form className="admin-toolbar" onSubmit={(event) => void submit(event)} noValidate>
      <TextField label="Email" type="email" required {...form.register('email')} error={form.formState.errors.email?.message} />
      <Button type="submit" isBusy={send.isPending} busyLabel={busyLabel}>
        {submitLabel}
      </Button>
    </form>
  );
}
