import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { ZUpdatePreferences, settingsApi, type TPreferences } from '@cartwise/contracts';
import { parseDecimalInput } from '@cartwise/contracts/domain/format';
import { Card } from '../../components/card';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { callApi } from '../../lib/api-client';
import { PREFERENCES_KEY } from '../../lib/use-format';
import { SaveButtonRow, useSaveAction } from './save-form';
import { parseMoneyInput } from './money-input';

/** A typed number, blank for none; text that is no number stays text so the field can say so. */
const zOptionalNumber = (message: string) =>
  z
    .string()
    .refine((text) => text.trim() === '' || parseDecimalInput(text) !== null, { message })
    .transform((text) => (text.trim() === '' ? null : parseDecimalInput(text)));

const ZTravelForm = z
  .object({
    lat: zOptionalNumber('Enter a latitude like 43.07'),
    lon: zOptionalNumber('Enter a longitude like -89.40'),
    radius: zOptionalNumber('Enter a distance like 10').pipe(ZUpdatePreferences.shape.store_radius_km.unwrap()),
    per_km: z
      .string()
      .refine((text) => text.trim() === '' || parseMoneyInput(text) !== null, { message: 'Enter an amount like 0.50' })
      .transform((text) => (text.trim() === '' ? null : parseMoneyInput(text)))
      .pipe(ZUpdatePreferences.shape.trip_cost_per_km_cents.unwrap()),
  })
  .superRefine((form, ctx) => {
    if ((form.lat === null) !== (form.lon === null))
      ctx.addIssue({ code: 'custom', path: ['lon'], message: 'Enter both latitude and longitude' });
    if (form.lat !== null && form.lon !== null) {
      const checked = ZUpdatePreferences.shape.home_point.unwrap().safeParse({ lat: form.lat, lon: form.lon });
      if (!checked.success)
        ctx.addIssue({ code: 'custom', path: ['lat'], message: checked.error.issues[0]?.message ?? 'Home point is off the map' });
    }
  });

function toFormValues(saved: TPreferences) {
  return {
    lat: saved.home_point ? String(saved.home_point.lat) : '',
    lon: saved.home_point ? String(saved.home_point.lon) : '',
    radius: saved.store_radius_km === null ? '' : String(saved.store_radius_km),
    per_km: saved.trip_cost_per_km_cents === null ? '' : (saved.trip_cost_per_km_cents / 100).toFixed(2),
  };
}

/**
 * Trips from home: a home point (typed, or the device's location), the radius that picks the stores a plan compares,
 * and a trip cost per km from home to each store. Saved with the other preferences as they are.
 */
export function TravelCard({ saved }: { saved: TPreferences }) {
  const queryClient = useQueryClient();
  const { isBusy, runSave } = useSaveAction();
  const form = useForm({ resolver: zodResolver(ZTravelForm), values: toFormValues(saved), resetOptions: { keepDirtyValues: true } });
  const errors = form.formState.errors;

  const handleSubmit = form.handleSubmit(async ({ lat, lon, radius, per_km }) => {
    await runSave(async () => {
      const body = {
        ...saved,
        home_point: lat !== null && lon !== null ? { lat, lon } : null,
        store_radius_km: radius,
        trip_cost_per_km_cents: per_km,
      };
      const stored = await callApi(settingsApi.savePreferences, { body });
      queryClient.setQueryData(PREFERENCES_KEY, stored);
      form.reset(toFormValues(stored));
      toast.success('Trips saved');
    });
  });

  function fillFromDevice() {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        form.setValue('lat', coords.latitude.toFixed(5), { shouldDirty: true });
        form.setValue('lon', coords.longitude.toFixed(5), { shouldDirty: true });
      },
      () => toast.error('Could not read your location'),
    );
  }

  return (
    <Card title="Trips from home">
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField label="Home latitude" inputMode="decimal" {...form.register('lat')} error={errors.lat?.message} />
        <TextField label="Home longitude" inputMode="decimal" {...form.register('lon')} error={errors.lon?.message} />
        {'geolocation' in navigator ? (
          <button type="button" className="btn btn-secondary" onClick={fillFromDevice}>
            Use my location
          </button>
        ) : null}
        <TextField
          label="Stores within (km)"
          hint="With a home point, a plan compares the stores this close, online stores and your home stores."
          inputMode="decimal"
          {...form.register('radius')}
          error={errors.radius?.message}
        />
        <TextField
          label="Trip cost per km"
          hint="Added to a store's trip cost for each km from home to the store."
          inputMode="decimal"
          {...form.register('per_km')}
          error={errors.per_km?.message}
        />
        <SaveButtonRow isBusy={isBusy} label="Save trips" />
      </form>
    </Card>
  );
}
