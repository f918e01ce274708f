import { useState, type FormEvent } from 'react';
import { priceSourcesApi, PRICE_FEED_MAX_FILE_MB, type TPriceSourceArea, type TPriceSourceView } from '@cartwise/contracts';
import { Button, Card, Checkbox, SelectField, TextField, toast } from '../../components';
import { callApi } from '../../lib/api-client';
import { useAdminAction, useInvalidateAdmin } from './admin-api';
import { RunProgress } from './price-source-runs';

function readText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

const HOURS = [
  { value: '', label: 'By hand only' },
  ...Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, '0')}:00 UTC` })),
];

const toText = (value: number | string | undefined) => (value === undefined ? '' : String(value));
const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

function readArea(form: FormData): TPriceSourceArea {
  const text = (name: string) => readText(form, name).trim();
  const area: TPriceSourceArea = {};
  if (text('city')) area.city = text('city');
  if (text('zipCode')) area.zipCode = text('zipCode');
  const lat = toNumber(text('lat'));
  const lon = toNumber(text('lon'));
  const radiusKm = toNumber(text('radiusKm'));
  if (lat !== undefined) area.lat = lat;
  if (lon !== undefined) area.lon = lon;
  if (radiusKm !== undefined) area.radiusKm = radiusKm;
  return area;
}

function SettingsForm({ source }: { source: TPriceSourceView }) {
  const { isBusy, runAction } = useAdminAction();
  const invalidate = useInvalidateAdmin();
  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const hour = readText(form, 'scheduleHour');
    const credentials: Record<string, string> = {};
    for (const credential of source.credentials) {
      const value = readText(form, `credential-${credential.name}`);
      if (value.trim() !== '') credentials[credential.name] = value;
    }
    await runAction('The settings were not saved', async () => {
      await callApi(priceSourcesApi.save, {
        params: { source: source.id },
        body: {
          isEnabled: form.get('isEnabled') === 'on',
          scheduleHour: hour === '' ? null : Number(hour),
          area: readArea(form),
          credentials,
        },
      });
      toast.success('Settings saved', source.label);
      await invalidate(['price-sources']);
    });
  }
  return (
    <form className="stack-sm" onSubmit={handleSubmit} aria-label={`${source.label} settings`}>
      {source.canDiscover ? (
        <>
          <Checkbox name="isEnabled" label="Run on a schedule" defaultChecked={source.isEnabled} />
          <SelectField name="scheduleHour" label="Daily at" options={HOURS} defaultValue={toText(source.scheduleHour ?? undefined)} />
          <fieldset className="price-source-area">
            <legend>Area</legend>
            <TextField name="city" label="City" defaultValue={toText(source.area.city)} />
            <TextField name="zipCode" label="ZIP or postal code" defaultValue={toText(source.area.zipCode)} />
            <TextField name="lat" label="Latitude" inputMode="decimal" defaultValue={toText(source.area.lat)} />
            <TextField name="lon" label="Longitude" inputMode="decimal" defaultValue={toText(source.area.lon)} />
            <TextField name="radiusKm" label="Radius (km)" inputMode="decimal" defaultValue={toText(source.area.radiusKm)} />
          </fieldset>
        </>
      ) : null}
      {source.credentials.map((credential) => (
        <TextField
          key={credential.name}
          name={`credential-${credential.name}`}
          type="password"
          autoComplete="off"
          label={credential.name}
          hint={credential.isSet ? 'Set. Type a new value to replace it.' : 'Not set.'}
        />
      ))}
      <div>
        <Button type="submit" isBusy={isBusy}>
          Save settings
        </Button>
      </div>
    </form>
  );
}

function RunForm({ source, onStarted }: { source: TPriceSourceView; onStarted: (runId: string) => void }) {
  const { isBusy, runAction } = useAdminAction();
  const invalidate = useInvalidateAdmin();
  async function start(run: () => Promise<{ runId: string }>) {
    await runAction('The run did not start', async () => {
      const { runId } = await run();
      onStarted(runId);
      await invalidate(['price-runs']);
    });
  }
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const files = data.getAll('files').filter((file): file is File => file instanceof File && file.size > 0);
    const url = readText(data, 'url').trim();
    if (files.length > 0) {
      const form = new FormData();
      for (const file of files) form.append('files', file, file.name);
      void start(() => callApi(priceSourcesApi.startRun, { params: { source: source.id }, form }));
    } else void start(() => callApi(priceSourcesApi.startRun, { params: { source: source.id }, body: url ? { url } : {} }));
  }
  return (
    <form className="stack-sm" onSubmit={handleSubmit} aria-label={`Run ${source.label}`}>
      <TextField name="files" type="file" multiple label="Feed files" hint={`Up to ${PRICE_FEED_MAX_FILE_MB} MB each.`} />
      <TextField name="url" type="url" label="Or the URL of a feed file" placeholder="https://" />
      <div>
        <Button type="submit" isBusy={isBusy}>
          Run now
        </Button>
      </div>
      {source.canDiscover ? <p className="field-hint">With no file or URL, the run reads the source’s own API over the area.</p> : null}
    </form>
  );
}

/** One source: its settings, a run started by hand, and that run's live progress. */
export function PriceSourceCard({ source }: { source: TPriceSourceView }) {
  const [runId, setRunId] = useState<string | null>(null);
  return (
    <Card title={source.label}>
      {source.attribution ? <p className="muted">{source.attribution}</p> : null}
      <div className="price-source-columns">
        {source.canDiscover || source.credentials.length > 0 ? <SettingsForm source={source} /> : null}
        <div className="stack-sm">
          <RunForm source={source} onStarted={setRunId} />
          {runId ? <RunProgress runId={runId} /> : null}
        </div>
      </div>
    </Card>
  );
}
