import { DebugCard } from './debug-card';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ZUpdateSettingsProfile, settingsApi } from '@cartwise/contracts';
import { Card } from '../../components/card';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { callApi } from '../../lib/api-client';
import { useAuth } from '../auth/auth-context';
import { SaveButtonRow, useSaveAction } from './save-form';

const PROFILE_KEY = ['settings', 'profile'] as const;

const ZProfileForm = z.object({ displayName: ZUpdateSettingsProfile.shape.displayName, fullName: z.string().trim().max(120) });

export default function ProfileSettingsPage() {
  const { profile } = useAuth();
  const query = useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => callApi(settingsApi.profile, { signal }) });

  if (query.isPending) return <Spinner />;
  if (query.isError) return <p role="alert">Could not load your profile. Please reload the page.</p>;

  const saved = { displayName: query.data.display_name ?? '', fullName: profile?.full_name ?? '' };
  return (
    <>
      {/* Keyed by what the server holds, so a refetch or a profile reload shows as soon as it arrives. */}
      <ProfileForm key={JSON.stringify(saved)} id={query.data.id} email={query.data.email} saved={saved} />
      <DebugCard />
    </>
  );
}

function ProfileForm({ id, email, saved }: { id: string; email: string; saved: z.infer<typeof ZProfileForm> }) {
  const { reloadProfile } = useAuth();
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(ZProfileForm), defaultValues: saved });
  const { errors } = form.formState;
  const { isBusy, runSave } = useSaveAction();

  const handleSubmit = form.handleSubmit(async ({ displayName, fullName }) => {
    await runSave(async () => {
      const result = await callApi(settingsApi.saveProfile, { body: { id, email, displayName, fullName } });
      toast.success(result.message || 'Profile saved');
      await Promise.all([queryClient.invalidateQueries({ queryKey: PROFILE_KEY }), reloadProfile()]);
    });
  });

  return (
    <Card title="Profile">
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField label="Email" value={email} readOnly disabled hint="Your sign-in email cannot be changed here." />
        <TextField label="Display name" maxLength={80} {...form.register('displayName')} error={errors.displayName?.message} />
        <TextField label="Full name" autoComplete="name" maxLength={120} {...form.register('fullName')} error={errors.fullName?.message} />
        <SaveButtonRow isBusy={isBusy} />
      </form>
    </Card>
  );
}
