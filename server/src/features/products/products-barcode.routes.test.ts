import { beforeAll, describe, expect, it } from 'vitest';
import { ZProduct, productsApi, priceBookApi, type RouteBody } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();
let shopper: TestUser;

beforeAll(async () => {
  shopper = await createUser(t.app);
});

async function createProduct(payload: RouteBody<typeof productsApi.create>) {
  return callRoute(t.app, productsApi.create, { headers: asUser(shopper), body: payload });
}

function byBarcode(code: string, user: TestUser | null = shopper) {
  return callRoute(t.app, productsApi.byBarcode, { params: { code }, headers: user ? asUser(user) : {} });
}

describe('product barcodes', () => {
  it('stores a UPC-A as its GTIN-13 and finds the product by either spelling', async () => {
    const res = await createProduct({ name: 'Cola 12 oz', barcode: '036000291452' });
    expect(res.statusCode, res.body).toBe(201);
    const product = ZProduct.parse(res.json());
    expect(product.barcode).toBe('0036000291452');
    for (const code of ['036000291452', '0036000291452', '00036000291452']) {
      const found = await byBarcode(code);
      expect(found.statusCode, code).toBe(200);
      expect(found.json()).toMatchObject({ id: product.id, name: 'Cola 12 oz', barcode: '0036000291452' });
    }
  });

  it('stores an EAN-8 padded to 13 digits', async () => {
    const res = await createProduct({ name: 'Mints', barcode: '96385074' });
    expect(res.json().barcode).toBe('0000096385074');
    expect((await byBarcode('96385074')).json().name).toBe('Mints');
  });

  it('answers 404 for a valid code nobody has added', async () => {
    const res = await byBarcode('4006381333931');
    expect(res.statusCode).toBe(404);
    expect(res.error()).toMatchObject({ error: 'not_found', message: 'Product not found' });
  });

  it('answers 400 for a wrong check digit, letters or a wrong length', async () => {
    expect((await byBarcode('4006381333932')).error()).toMatchObject({ error: 'bad_request', message: 'The barcode check digit is wrong' });
    for (const code of ['40063813339A1', '123456789', '1'.repeat(41)]) {
      expect((await byBarcode(code)).statusCode, code).toBe(400);
    }
  });

  it('refuses to create a product with a malformed barcode or one already taken', async () => {
    const bad = await createProduct({ name: 'Bad code', barcode: '4006381333932' });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().message).toContain('The barcode check digit is wrong');
    const first = await createProduct({ name: 'Chocolate', barcode: '4006381333931' });
    expect(first.statusCode).toBe(201);
    const again = await createProduct({ name: 'Chocolate again', barcode: '04006381333931' });
    expect(again.statusCode).toBe(409);
  });

  it('still creates products without a barcode', async () => {
    const res = await createProduct({ name: 'Loose carrots' });
    expect(res.statusCode).toBe(201);
    expect(res.json().barcode).toBeNull();
  });

  it('asks for a session', async () => {
    expect((await byBarcode('4006381333931', null)).statusCode).toBe(401);
  });

  it('keeps the barcode of imported prices, Open Prices product codes included', async () => {
    const admin = await createAdmin(t.app);
    const content = [
      'id,product_code,product_name,category_tag,price,price_is_discounted,currency,location_osm_id,location_osm_name,location_osm_address_city,date',
      '1,3017620422003,Hazelnut spread,,4.59,False,EUR,123,Carrefour Market,Paris,2026-11-04',
    ].join('\n');
    const imported = await callRoute(t.app, priceBookApi.importPrices, { headers: asUser(admin), body: { kind: 'csv', content } });
    expect(imported.statusCode, imported.body).toBeLessThan(300);
    const found = await byBarcode('3017620422003');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ name: 'Hazelnut spread', barcode: '3017620422003' });
    const history = await callRoute(t.app, productsApi.history, { params: { id: found.json().id }, headers: asUser(shopper) });
    expect(history.json().stores[0]).toMatchObject({ storeName: 'Carrefour Market', latestPrice: 4.59 });
  });
});
