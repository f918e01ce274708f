import type { TOnboardingNotifications, TStoreOption } from '@cartwise/contracts';
import { Checkbox, EmptyState, TextField } from '../../components';
import { EmailTopicChoices } from '../settings/email-topic-choices';
import { PriceCoverageNote } from './price-coverage-note';

export function NameStep(props: {
  fullName: string;
  displayName: string;
  onFullName: (value: string) => void;
  onDisplayName: (value: string) => void;
}) {
  return (
    <div className="stack">
      <TextField
        label="Full name"
        value={props.fullName}
        onChange={(e) => props.onFullName(e.target.value)}
        maxLength={120}
        autoComplete="name"
      />
      <TextField
        label="Display name"
        value={props.displayName}
        onChange={(e) => props.onDisplayName(e.target.value)}
        maxLength={80}
        autoComplete="nickname"
        hint="What we call you around the app."
      />
    </div>
  );
}

export function StoresStep(props: { stores: TStoreOption[]; selected: string[]; onToggle: (id: string, isOn: boolean) => void }) {
  if (props.stores.length === 0) {
    return <EmptyState title="No stores yet" description="Stores appear here once they are added. You can pick them later in Settings." />;
  }
  return (
    <div className="stack">
      <fieldset className="fieldset">
        <legend className="field-label">Where do you usually shop?</legend>
        <div className="store-choices onboarding-stores">
          {props.stores.map((store) => (
            <Checkbox
              key={store.id}
              label={store.chain_name && !store.name.startsWith(store.chain_name) ? `${store.chain_name} ${store.name}` : store.name}
              description={store.address ?? undefined}
              checked={props.selected.includes(store.id)}
              onChange={(e) => props.onToggle(store.id, e.target.checked)}
            />
          ))}
        </div>
      </fieldset>
      <PriceCoverageNote storeIds={props.selected} />
    </div>
  );
}

const NOTIFICATION_TOPICS = ['marketing', 'product', 'receipts'] as const;

export function NotificationsStep(props: {
  values: TOnboardingNotifications;
  onChange: (key: keyof TOnboardingNotifications, isOn: boolean) => void;
}) {
  return <EmailTopicChoices topics={NOTIFICATION_TOPICS} values={props.values} onChange={props.onChange} />;
}
