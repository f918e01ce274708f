import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { bindFormatters, FormatContext } from '../../lib/use-format';
import { PlanInputsForm } from './plan-inputs';
import type { PlanInputs } from './use-recommendations';

const inputs: PlanInputs = { storeIds: null, tripCostCents: null, maxStores: 'any', isStaleIncluded: true };
const german = bindFormatters({ currency: 'EUR', locale: 'de-DE', units: 'metric' });

describe('PlanInputsForm trip cost', () => {
  it('shows a German shopper’s trip cost with a decimal comma and applies one typed that way', () => {
    const onChange = vi.fn();
    render(
      <FormatContext.Provider value={german}>
        <PlanInputsForm inputs={inputs} onChange={onChange} stores={[]} candidateStores={[]} tripCostCents={250} />
      </FormatContext.Provider>,
    );
    const field = screen.getByRole('textbox', { name: 'Trip cost per store visit' }) as HTMLInputElement;
    expect(field.value).toBe('2,50');
    fireEvent.change(field, { target: { value: '3,75' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...inputs, tripCostCents: 375 });
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
  });
});
