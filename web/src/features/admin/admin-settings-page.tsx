import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ZUpdateAppSetting, adminManageApi, type TAppSetting } from '@cartwise/contracts';
import { Button, Card, PageHeader, TextField, toast } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { formatDateTime, useAdminQuery, useInvalidateAdmin } from './admin-api';
import { QueryStatus } from './admin-ui';
import './admin.css';

/** One setting: the value is checked with the API's own rule; the server's refusal shows beside the field. */
function SettingRow({ setting }: { setting: TAppSetting }) {
  const invalidate = useInvalidateAdmin();
  const form = useForm({ resolver: zodResolver(ZUpdateAppSetting), defaultValues: { value: setting.value } });
  const save = useMutation({
    mutationFn: (value: string) => callApi(adminManageApi.updateSetting, { params: { key: setting.key }, body: { value } }),
    onSuccess: (saved) => {
      form.reset({ value: saved.value });
      toast.success('Setting saved', `${saved.label}: ${saved.value}`);
      void invalidate(['settings']);
    },
    onError: (error) => form.setError('value', { message: getErrorMessage(error) }),
  });
  const submit = form.handleSubmit(({ value }) => save.mutate(value));
  const isChanged = form.watch('value').trim() !== setting.value;

  return (
    <form className="admin-setting-row" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={setting.label}
        hint={`${setting.description ? `${setting.description} ` : ''}Last changed: ${formatDateTime(setting.updated_at)}`}
        {...form.register('value')}
        error={form.formState.errors.value?.message}
      />
      <Button
        type="submit"
        variant="secondary"
        isBusy={save.isPending}
        busyLabel="Saving..."
        disabled={!isChanged}
        aria-label={`Save ${setting.label}`}
      >
        Save
      </Button>
    </form>
  );
}

export default function AdminSettingsPage() {
  const query = useAdminQuery(['settings'], adminManageApi.settings);
  return (
    <div className="page">
      <PageHeader title="Settings" description="App-wide values operators can tune without a deploy." />
      <Card>
        <QueryStatus query={query} />
        {query.data?.items.map((setting) => (
          <SettingRow key={`${setting.key}:${setting.value}`} setting={setting} />
        ))}
      </Card>
    </div>
  );
}
