import { useState, type FormEvent } from 'react';
import { adminManageApi, type TAppSetting } from '@cartwise/contracts';
import { Button, Card, PageHeader, TextField, toast } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { formatDateTime, useAdminQuery, useInvalidateAdmin } from './admin-api';
import { QueryStatus } from './admin-ui';
import './admin.css';

function SettingRow({ setting }: { setting: TAppSetting }) {
  const [value, setValue] = useState(setting.value);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const invalidate = useInvalidateAdmin();
  const isChanged = value.trim() !== setting.value;

  async function handleSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      const saved = await callApi(adminManageApi.updateSetting, { params: { key: setting.key }, body: { value } });
      setValue(saved.value);
      toast.success('Setting saved', `${saved.label}: ${saved.value}`);
      void invalidate(['settings']);
    } catch (err) {
      setError(getErrorMessage(err));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form className="admin-setting-row" onSubmit={handleSave}>
      <TextField
        label={setting.label}
        hint={`${setting.description ? `${setting.description} ` : ''}Last changed: ${formatDateTime(setting.updated_at)}`}
        error={error}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button
        type="submit"
        variant="secondary"
        isBusy={isBusy}
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
