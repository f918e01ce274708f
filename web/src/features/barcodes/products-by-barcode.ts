import { productsApi, type TProduct } from '@cartwise/contracts';
import { callApi, isApiError } from '../../lib/api-client';

/** The product with this GTIN, or null when nobody has added it yet. */
export async function findProductByBarcode(gtin: string): Promise<TProduct | null> {
  try {
    return await callApi(productsApi.byBarcode, { params: { code: gtin } });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** Where "new product" opens with the scanned code filled in, and where to go back to afterwards. */
export function newProductPath(gtin: string, returnTo: string): string {
  return `/u/products/new?${new URLSearchParams({ barcode: gtin, returnTo }).toString()}`;
}
