import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TProduct } from '@cartwise/contracts';
import { Button, toast } from '../../components';
import { getErrorMessage } from '../../lib/api-client';

// The scanner (camera, dialog, reader) and the barcode look-up load on the first tap, not with the page.
const BarcodeScannerDialog = lazy(() => import('./barcode-scanner-dialog').then((module) => ({ default: module.BarcodeScannerDialog })));

export interface ScanButtonProps {
  /** The page to come back to after adding an unknown product (it is added there too). */
  returnTo: string;
  onProduct: (product: TProduct) => void;
  className?: string;
}

/** "Scan": reads a barcode; a known product is handed over, an unknown code opens "new product" filled in. */
export function ScanButton({ returnTo, onProduct, className }: ScanButtonProps) {
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);

  async function handleDetected(gtin: string) {
    setIsOpen(false);
    try {
      const { findProductByBarcode, newProductPath } = await import('./products-by-barcode');
      const product = await findProductByBarcode(gtin);
      if (product) onProduct(product);
      else await navigate(newProductPath(gtin, returnTo));
    } catch (error) {
      toast.error('Could not look up that barcode', getErrorMessage(error));
    }
  }

  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setIsOpen(true)}>
        Scan
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <BarcodeScannerDialog onDetected={(gtin) => void handleDetected(gtin)} onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
