import { useEffect, useState } from 'react';
import type { TPlanStore, TStoreOption } from '@cartwise/contracts';
import { Checkbox, SelectField, TextField } from '../../components';
import { formatDecimalInput, parseDecimalInput } from '../../lib/format';
import { useFormat } from '../../lib/use-format';
import type { PlanInputs } from './use-recommendations';

const MAX_STORE_OPTIONS = [
  { value: '1', label: '1 store' },
  { value: '2', label: 'Up to 2 stores' },
  { value: '3', label: 'Up to 3 stores' },
  { value: '4', label: 'Up to 4 stores' },
  { value: 'any', label: 'Any number of stores' },
];

interface PlanInputsFormProps {
  inputs: PlanInputs;
  onChange: (next: PlanInputs) => void;
  stores: TStoreOption[];
  /** The stores the current plan considered (home stores by default). */
  candidateStores: TPlanStore[];
  tripCostCents: number;
}

/** Trip cost is typed as money; it is applied once the text is a valid amount, so typing never flickers the plan. */
export function PlanInputsForm({ inputs, onChange, stores, candidateStores, tripCostCents }: PlanInputsFormProps) {
  const format = useFormat();
  const [tripText, setTripText] = useState(formatDecimalInput(tripCostCents / 100, format.settings));
  useEffect(() => {
    if (inputs.tripCostCents === null) setTripText(formatDecimalInput(tripCostCents / 100, format.settings));
  }, [tripCostCents, inputs.tripCostCents, format.settings]);
  const selected = new Set(inputs.storeIds ?? candidateStores.map((s) => s.id));
  const tripAmount = parseDecimalInput(tripText);
  const isTripValid = tripAmount !== null && tripAmount < 10_000;

  const toggleStore = (id: string, isOn: boolean) => {
    const next = new Set(selected);
    if (isOn) next.add(id);
    else next.delete(id);
    onChange({ ...inputs, storeIds: [...next] });
  };

  return (
    <div className="stack">
      <fieldset className="fieldset">
        <legend>Stores to consider</legend>
        <div className="store-choices">
          {stores.map((store) => (
            <Checkbox
              key={store.id}
              label={store.name}
              description={[store.chain_name, store.address].filter(Boolean).join(' · ') || undefined}
              checked={selected.has(store.id)}
              onChange={(event) => toggleStore(store.id, event.currentTarget.checked)}
            />
          ))}
        </div>
      </fieldset>
      <div className="plan-input-row">
        <TextField
          label="Trip cost per store visit"
          inputMode="decimal"
          value={tripText}
          error={isTripValid ? undefined : 'Enter an amount like 3.50'}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setTripText(text);
            const amount = parseDecimalInput(text);
            if (amount !== null && amount < 10_000) onChange({ ...inputs, tripCostCents: Math.round(amount * 100) });
          }}
        />
        <SelectField
          label="Maximum number of stores"
          options={MAX_STORE_OPTIONS}
          value={inputs.maxStores}
          onChange={(event) => onChange({ ...inputs, maxStores: event.currentTarget.value as PlanInputs['maxStores'] })}
        />
      </div>
      <Checkbox
        label="Use old prices too"
        description="Prices older than the stale limit are used, and marked as old."
        checked={inputs.isStaleIncluded}
        onChange={(event) => onChange({ ...inputs, isStaleIncluded: event.currentTarget.checked })}
      />
    </div>
  );
}
