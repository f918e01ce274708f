import type { TNotificationPreferences } from '@cartwise/contracts';
import { Checkbox } from '../../components/checkbox';

type EmailTopic = keyof TNotificationPreferences;

const EMAIL_TOPICS: Record<EmailTopic, { label: string; description: string }> = {
  marketing: { label: 'Marketing emails', description: 'Offers and news about Cartwise.' },
  product: { label: 'Product updates', description: 'New features and improvements.' },
  receipts: { label: 'Receipt processing alerts', description: 'When a receipt has been read or needs a look.' },
  deal_alerts: { label: 'Deal alerts', description: 'Sales on items you buy.' },
};

/**
 * The "Email me about" checkboxes: every topic in notification settings, the first three during onboarding.
 * One list of labels, so both screens describe a topic the same way.
 */
export function EmailTopicChoices<K extends EmailTopic>(props: {
  topics: readonly K[];
  values: Record<K, boolean>;
  onChange: (topic: K, isOn: boolean) => void;
}) {
  return (
    <fieldset className="fieldset">
      <legend className="field-label">Email me about</legend>
      {props.topics.map((topic) => (
        <Checkbox
          key={topic}
          label={EMAIL_TOPICS[topic].label}
          description={EMAIL_TOPICS[topic].description}
          checked={props.values[topic]}
          onChange={(event) => props.onChange(topic, event.target.checked)}
        />
      ))}
    </fieldset>
  );
}
