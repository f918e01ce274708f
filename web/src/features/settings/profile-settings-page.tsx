import { DebugCard } from './debug-card';
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '@cartwise/contracts';
import { Card } from '../../components/card';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { callApi } from '../../lib/api-client';
import { useAuth } from '../auth/auth-context';
import { SaveButtonRow, useSaveAction } from './save-form';

const PROFILE_KEY = ['settings', 'profile'] as const;

export default function ProfileSettingsPage() {
  const { profile, reloadProfile } = useAuth();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => callApi(settingsApi.profile, { signal }) });
  // Unsaved edits only; otherwise the fields show what the server has (no copy of it kept in state,
  // so a refetch or a profile reload is shown as soon as it arrives).
  const [displayNameDraft, setDisplayNameDraft] = useState<string | null>(null);
  const [fullNameDraft, setFullNameDraft] = useState<string | null>(null);
  const { isBusy, runSave } = useSaveAction();
  const displayName = displayNameDraft ?? query.data?.display_name ?? '';
  const fullName = fullNameDraft ?? profile?.full_name ?? '';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const saved = query.data;
    if (!saved) return;
    await runSave(async () => {
      const body = { id: saved.id, email: saved.email, displayName: displayName.trim(), fullName: fullName.trim() };
      const result = await callApi(settingsApi.saveProfile, { body });
      toast.success(result.message || 'Profile saved');
      await Promise.all([queryClient.invalidateQueries({ queryKey: PROFILE_KEY }), reloadProfile()]);
      setDisplayNameDraft(null);
      setFullNameDraft(null);
    });
  }

  if (query.isPending) return <Spinner />;
  if (query.isError) return <p role="alert">Could not load your profile. Please reload the page.</p>;

  return (
    <>
      <Card title="Profile">
        <form className="form" onSubmit={handleSubmit}>
          <TextField label="Email" value={query.data.email} readOnly disabled hint="Your sign-in email cannot be changed here." />
          <TextField
            label="Display name"
            name="displayName"
            maxLength={80}
            value={displayName}
            onChange={(event) => setDisplayNameDraft(event.target.value)}
          />
          <TextField
            label="Full name"
            name="fullName"
            autoComplete="name"
            maxLength={120}
            value={fullName}
            onChange={(event) => setFullNameDraft(event.target.value)}
          />
          <SaveButtonRow isBusy={isBusy} />
        </form>
      </Card>
      <DebugCard />
    </>
  );
}
