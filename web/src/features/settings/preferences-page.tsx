import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PREFERENCES,
  CURRENCY_CODES,
  describeCurrency,
  isCurrencyCode,
  ZUpdatePreferences,
  settingsApi,
  type TPreferences,
  type TStoreOption,
  type TUnitSystem,
} from '@cartwise/contracts';
import { FALLBACK_FORMAT, formatDecimalInput } from '@cartwise/contracts/domain/format';
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
import { parseMoneyInput } from './money-input';
import { ThemeCard } from './theme-card';
import { TravelCard } from './travel-card';
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

export { parseMoneyInput };

/** Every ISO 4217 currency, named in the shopper's language; the saved one even where this browser lacks it. */
function listCurrencyOptions(locale: string, current: string): { value: string; label: string }[] {
  const codes = CURRENCY_CODES.includes(current) ? CURRENCY_CODES : [current, ...CURRENCY_CODES];
  return codes.map((code) => ({ value: code, label: describeCurrency(code, locale) }));
}

/** Cents as the trip cost field shows them, with the decimal mark of the shopper's locale. */
function formatTripCost(cents: number, locale: string): string {
  return formatDecimalInput(cents / 100, { ...FALLBACK_FORMAT, locale });
}

/** The preferences as edited: the trip cost is typed text, checked and turned into cents by the contract's rule. */
const ZPreferencesForm = ZUpdatePreferences.omit({ trip_cost_cents: true }).extend({
  loyalty_chain_ids: z.array(z.string()),
  trip_cost: z
    .string()
    .refine((text) => parseMoneyInput(text) !== null, { message: 'Enter an amount like 2.50' })
    .transform((text) => parseMoneyInput(text) ?? 0)
    .pipe(ZUpdatePreferences.shape.trip_cost_cents),
});

/** The main form leaves the travel settings to TravelCard: left out of the PUT, they stay as saved. */
function toFormValues({
  trip_cost_cents,
  home_point: _home,
  store_radius_km: _radius,
  trip_cost_per_km_cents: _perKm,
  ...rest
}: TPreferences) {
  return { ...rest, trip_cost: formatTripCost(trip_cost_cents, rest.locale) };
}

/** The chains of the stores the shopper can see, once each, by name. */
function listChains(stores: readonly TStoreOption[]): { id: string; name: string }[] {
  const byId = new Map<string, string>();
  for (const store of stores) if (store.chain_id && store.chain_name) byId.set(store.chain_id, store.chain_name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export default function PreferencesPage() {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => callApi(settingsApi.preferences, { signal }),
  });
  const stores = useStores();
  const { isBusy, runSave } = useSaveAction();
  // The fields show the saved preferences as soon as they load; edits made meanwhile are kept.
  const form = useForm({
    resolver: zodResolver(ZPreferencesForm),
    values: toFormValues(preferences.data ?? DEFAULT_PREFERENCES),
    resetOptions: { keepDirtyValues: true },
  });
  const [currency, units, locale, homeStoreIds, loyaltyIds] = form.watch([
    'currency',
    'units',
    'locale',
    'home_store_ids',
    'loyalty_chain_ids',
  ]);
  const cardIds = loyaltyIds;
  const currencyOptions = useMemo(() => listCurrencyOptions(locale, currency), [locale, currency]);
  const chains = listChains(stores.data?.items ?? []);

  const edited = { shouldDirty: true } as const;

  const handleSubmit = form.handleSubmit(async ({ trip_cost, ...rest }) => {
    await runSave(async () => {
      const stored = await callApi(settingsApi.savePreferences, { body: { ...rest, trip_cost_cents: trip_cost } });
      queryClient.setQueryData(PREFERENCES_KEY, stored);
      form.reset(toFormValues(stored));
      toast.success('Preferences saved');
    });
  });

  if (preferences.isPending) return <Spinner />;

  return (
    <>
      <ThemeCard />
      <Card title="Preferences">
        {preferences.isError ? <FormMessage tone="error">Could not load your preferences; showing the defaults.</FormMessage> : null}
        <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
          <SelectField
            label="Currency"
            value={currency}
            options={currencyOptions}
            onChange={(event) => {
              if (isCurrencyCode(event.target.value)) form.setValue('currency', event.target.value, edited);
            }}
          />
          <TextField
            label="Trip cost per store visit"
            hint="What one extra stop costs you (fuel, parking, time). Used when splitting a list across stores."
            inputMode="decimal"
            {...form.register('trip_cost', {
              onBlur: (event: { target: { value: string } }) => {
                const cents = parseMoneyInput(event.target.value);
                if (cents !== null) form.setValue('trip_cost', formatTripCost(cents, form.getValues('locale')));
              },
            })}
            error={form.formState.errors.trip_cost?.message}
          />
          <SelectField
            label="Units"
            value={units}
            options={UNIT_OPTIONS}
            onChange={(event) => form.setValue('units', event.target.value === 'metric' ? 'metric' : 'imperial', edited)}
          />
          <SelectField
            label="Receipt locale"
            hint="How the app shows dates and prices, and how your receipts print them."
            value={locale}
            options={LOCALES.some((option) => option.value === locale) ? LOCALES : [...LOCALES, { value: locale, label: locale }]}
            onChange={(event) => form.setValue('locale', event.target.value, edited)}
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
                checked={homeStoreIds.includes(store.id)}
                onChange={(event) =>
                  form.setValue(
                    'home_store_ids',
                    event.target.checked ? [...homeStoreIds, store.id] : homeStoreIds.filter((storeId) => storeId !== store.id),
                    edited,
                  )
                }
              />
            ))}
          </fieldset>
          {chains.length > 0 ? (
            <fieldset className="fieldset">
              <legend className="field-label">Loyalty cards</legend>
              <p className="muted">Plans use club-only promotions of the chains you hold a card for.</p>
              {chains.map((chain) => (
                <Checkbox
                  key={chain.id}
                  label={chain.name}
                  checked={cardIds.includes(chain.id)}
                  onChange={(event) =>
                    form.setValue(
                      'loyalty_chain_ids',
                      event.target.checked ? [...cardIds, chain.id] : cardIds.filter((chainId) => chainId !== chain.id),
                      edited,
                    )
                  }
                />
              ))}
            </fieldset>
          ) : null}
          <SaveButtonRow isBusy={isBusy} />
        </form>
      </Card>
      {preferences.data ? <TravelCard saved={preferences.data} /> : null}
    </>
  );
}
