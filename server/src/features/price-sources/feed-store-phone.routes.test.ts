import { describe, expect, it } from 'vitest';
import { receiptJobsApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser } from '../../test/factories';
import { callRoute } from '../../test/call-route';
import { runReceiptJobsOnce } from '../receipts';
import { FeedCatalogue } from './feed-catalogue';
import { ProductKeyCache } from './feed-product-keys';

const t = registerTestApp();

async function readKnownStore(text: string) {
  const shopper = await createUser(t.app);
  const res = await callRoute(t.app, receiptJobsApi.upload, { headers: asUser(shopper), body: { text } });
  expect(res.statusCode, res.body).toBe(201);
  expect(await runReceiptJobsOnce(t.app)).toBe(true);
  const jobId = (res.json() as { jobs: { id: string }[] }).jobs[0]!.id;
  const job = (await callRoute(t.app, receiptJobsApi.detail, { params: { id: jobId }, headers: asUser(shopper) })).json();
  return job.draft?.knownStore as { id: string; name: string } | undefined;
}

describe('a feed store’s phone number', () => {
  it('finds the store for a receipt that prints it another way, and again after the feed changes it', async () => {
    const catalogue = new FeedCatalogue(new ProductKeyCache());
    const feedStore = {
      sourceRef: 'il:7290027600007:77',
      chainRef: 'il:7290027600007',
      chainName: 'Shufersal',
      name: 'Shufersal Dizengoff',
      phone: '(03) 555-1234',
      isOnline: false,
      currency: 'ILS',
    };
    const { id } = await catalogue.resolveStore(t.app.db, feedStore);
    expect(await readKnownStore('SHFRSL\nTEL 035551234\nMILK 6.90\nTOTAL 6.90')).toMatchObject({ id, name: 'Shufersal Dizengoff' });

    // A later Stores file with a new number: the old one no longer finds it.
    await new FeedCatalogue(new ProductKeyCache()).resolveStore(t.app.db, { ...feedStore, phone: '03 777 0000' });
    expect(await readKnownStore('SHFRSL\nTEL 035551234\nMILK 6.90\nTOTAL 6.90')).toBeUndefined();
    expect(await readKnownStore('SHFRSL\nTEL 03-7770000\nMILK 6.90\nTOTAL 6.90')).toMatchObject({ id });
  });
});
