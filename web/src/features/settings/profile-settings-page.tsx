import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ZMessage, ZSettingsProfile } from '@cartwise/shared';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { apiGet, apiSend, getServerMessage } from '../../lib/api-client';
import { useAuth } from '../auth/auth-context';

const PROFILE_KEY = ['settings', 'profile'] as const;

export default function ProfileSettingsPage() {
  const { profile, reloadProfile } = useAuth();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => apiGet('/api/settings/profile', ZSettingsProfile, signal) });
  const [displayName, setDisplayName] = useState('');
  const [fullName, setFullName] = useState('');
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (query.data) setDisplayName(query.data.display_name ?? '');
  }, [query.data]);
  useEffect(() => {
    if (profile) setFullName(profile.full_name);
  }, [profile]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!query.data) return;
    setIsBusy(true);
    try {
      const body = { id: query.data.id, email: query.data.email, displayName: displayName.trim(), fullName: fullName.trim() };
      const result = await apiSend('POST', '/api/settings/profile', body, ZMessage);
      toast.success(result.message || 'Profile saved');
      await Promise.all([queryClient.invalidateQueries({ queryKey: PROFILE_KEY }), reloadProfile()]);
    } catch (error) {
      toast.error('Save failed', getServerMessage(error) ?? undefined);
    } finally {
      setIsBusy(false);
    }
  }

  if (query.isPending) return <Spinner />;
  if (query.isError) return <p role="alert">Could not load your profile. Please reload the page.</p>;

  return (
    <Card title="Profile">
      <form className="form" onSubmit={handleSubmit}>
        <TextField label="Email" value={query.data.email} readOnly disabled hint="Your sign-in email cannot be changed here." />
        <TextField label="Display name" name="displayName" maxLength={80} value={displayName} onChange={(event) => setDisplayName(event.target.value)} />
        <TextField label="Full name" name="fullName" autoComplete="name" maxLength={120} value={fullName} onChange={(event) => setFullName(event.target.value)} />
        <div className="form-actions">
          <Button type="submit" isBusy={isBusy} busyLabel="Saving...">
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
