import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PREFERENCES,
  SUPPORTED_CURRENCIES,
  formatCents,
  settingsApi,
  toCents,
  type TPreferences,
  type TUnitSystem,
} from '@cartwise/contracts';
import { Card } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { FormMessage } from '../../components/form-message';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { callApi } from '../../lib/api-client';
import { PREFERENCES_KEY } from '../../lib/use-format';
import { useStores } from '../stores/use-stores';
import { ThemeCard } from './theme-card';
import { SaveButtonRow, useSaveAction } from './save-form';

export { PREFERENCES_KEY };

const LOCALES = [
  { value: 'en-US', label: 'English (United States)' },
  { value: 'en-GB', label: 'English (United Kingdom)' },
  { value: 'en-CA', label: 'English (Canada)' },
  { value: 'en-AU', label: 'English (Australia)' },
  { value: 'en-MY', label: 'English (Malaysia)' },
  { value: 'ms-MY', label: 'Bahasa Melayu (Malaysia)' },
  { value: 'fr-FR', label: 'Français (France)' },
  { value: 'de-DE', label: 'Deutsch (Deutschland)' },
];

const UNIT_OPTIONS: { value: TUnitSystem; label: string }[] = [
  { value: 'metric', label: 'Metric (kg, L)' },
  { value: 'imperial', label: 'Imperial (lb, fl oz)' },
];

/** Parses a typed money amount ("3", "3.5", "3.50") to cents, or null when it is not a valid amount. */
export function parseMoneyInput(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{0,2})?$/.test(trimmed)) return null;
  return toCents(Number(trimmed));
}

export default function PreferencesPage() {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => callApi(settingsApi.preferences, { signal }),
  });
  const stores = useStores();
  // Unsaved edits only; everything else shows the saved preferences as soon as they load (copying
  // them into state in an effect left a render with the defaults).
  const [draft, setDraft] = useState<TPreferences | null>(null);
  const [tripCostDraft, setTripCost] = useState<string | null>(null);
  const [tripCostError, setTripCostError] = useState<string | null>(null);
  const { isBusy, runSave } = useSaveAction();
  const saved = preferences.data ?? DEFAULT_PREFERENCES;
  const values = draft ?? saved;
  const tripCost = tripCostDraft ?? formatCents(values.trip_cost_cents);

  function setValues(change: (current: TPreferences) => TPreferences) {
    setDraft((current) => change(current ?? saved));
  }

  function toggleStore(id: string, isChecked: boolean) {
    setValues((current) => ({
      ...current,
      home_store_ids: isChecked ? [...current.home_store_ids, id] : current.home_store_ids.filter((storeId) => storeId !== id),
    }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const cents = parseMoneyInput(tripCost);
    if (cents === null) {
      setTripCostError('Enter an amount like 2.50');
      return;
    }
    setTripCostError(null);
    await runSave(async () => {
      const stored = await callApi(settingsApi.savePreferences, { body: { ...values, trip_cost_cents: cents } });
      queryClient.setQueryData(PREFERENCES_KEY, stored);
      setDraft(null);
      setTripCost(null);
      toast.success('Preferences saved');
    });
  }

  if (preferences.isPending) return <Spinner />;

  return (
    <>
      <ThemeCard />
      <Card title="Preferences">
        {preferences.isError ? <FormMessage tone="error">Could not load your preferences; showing the defaults.</FormMessage> : null}
        <form className="form" onSubmit={handleSubmit}>
          <SelectField
            label="Currency"
            value={values.currency}
            options={SUPPORTED_CURRENCIES.map((code) => ({ value: code, label: code }))}
            onChange={(event) => {
              const currency = SUPPORTED_CURRENCIES.find((code) => code === event.target.value);
              if (currency) setValues((current) => ({ ...current, currency }));
            }}
          />
          <TextField
            label="Trip cost per store visit"
            hint="What one extra stop costs you (fuel, parking, time). Used when splitting a list across stores."
            inputMode="decimal"
            value={tripCost}
            error={tripCostError}
            onChange={(event) => setTripCost(event.target.value)}
            onBlur={() => {
              const cents = parseMoneyInput(tripCost);
              if (cents !== null) setTripCost(formatCents(cents));
            }}
          />
          <SelectField
            label="Units"
            value={values.units}
            options={UNIT_OPTIONS}
            onChange={(event) => setValues((current) => ({ ...current, units: event.target.value === 'metric' ? 'metric' : 'imperial' }))}
          />
          <SelectField
            label="Receipt locale"
            hint="How the app shows dates and prices, and how your receipts print them."
            value={values.locale}
            options={
              LOCALES.some((locale) => locale.value === values.locale)
                ? LOCALES
                : [...LOCALES, { value: values.locale, label: values.locale }]
            }
            onChange={(event) => setValues((current) => ({ ...current, locale: event.target.value }))}
          />
          <fieldset className="fieldset">
            <legend className="field-label">Home stores</legend>
            {stores.isPending ? <Spinner label="Loading stores..." /> : null}
            {stores.isError ? <p className="muted">Could not load stores.</p> : null}
            {stores.data && stores.data.items.length === 0 ? <p className="muted">No stores yet.</p> : null}
            {stores.data?.items.map((store) => (
              <Checkbox
                key={store.id}
                label={store.chain_name && store.chain_name !== store.name ? `${store.name} (${store.chain_name})` : store.name}
                description={store.address ?? undefined}
                checked={values.home_store_ids.includes(store.id)}
                onChange={(event) => toggleStore(store.id, event.target.checked)}
              />
            ))}
          </fieldset>
          <SaveButtonRow isBusy={isBusy} />
        </form>
      </Card>
    </>
  );
}
