import { adminManageApi, type TFeatureFlag } from '@cartwise/contracts';
import { Card, Checkbox, PageHeader, toast } from '../../components';
import { callApi } from '../../lib/api-client';
import { formatDateTime, useAdminAction, useAdminQuery, useInvalidateAdmin } from './admin-api';
import { QueryStatus } from './admin-ui';
import './admin.css';

function FeatureToggle({ flag }: { flag: TFeatureFlag }) {
  const { isBusy, runAction } = useAdminAction();
  const invalidate = useInvalidateAdmin();

  async function handleChange(isEnabled: boolean) {
    await runAction('Could not change the feature', async () => {
      const saved = await callApi(adminManageApi.updateFeature, { params: { key: flag.key }, body: { is_enabled: isEnabled } });
      toast.success(`${saved.label} ${saved.is_enabled ? 'turned on' : 'turned off'}`);
      await invalidate(['features']);
    });
  }

  return (
    <Checkbox
      label={flag.label}
      description={`${flag.description} ${flag.updated_at ? `Changed ${formatDateTime(flag.updated_at)}.` : 'Default setting.'}`}
      checked={flag.is_enabled}
      disabled={isBusy}
      onChange={(e) => void handleChange(e.target.checked)}
    />
  );
}

export default function AdminFeaturesPage() {
  const query = useAdminQuery(['features'], adminManageApi.features);
  return (
    <div className="page">
      <PageHeader title="Features" description="Turn parts of the app on or off for everyone. Changes apply at once." />
      <Card title="Feature flags">
        <QueryStatus query={query} />
        {query.data ? (
          <div className="stack-sm">
            {query.data.items.map((flag) => (
              <FeatureToggle key={flag.key} flag={flag} />
            ))}
          </div>
        ) : null}
      </Card>
    </div>
  );
}
