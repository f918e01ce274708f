import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, FormMessage, PageHeader } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { BarcodeScannerDialog } from './barcode-scanner-dialog';
import { findProductByBarcode, newProductPath } from './products-by-barcode';

/** Check price: scan a pack in the aisle, land on its price history and where it is cheapest. */
export default function CheckPricePage() {
  const navigate = useNavigate();
  const [isScanning, setIsScanning] = useState(true);
  const [error, setError] = useState<string | null>(null);

  async function handleDetected(gtin: string) {
    setIsScanning(false);
    try {
      const product = await findProductByBarcode(gtin);
      await navigate(product ? `/u/products/${product.id}` : newProductPath(gtin, '/u/check-price'));
    } catch (err) {
      setError(getErrorMessage(err, 'Could not look up that barcode'));
    }
  }

  return (
    <div className="page">
      <PageHeader title="Check price" description="Scan a product to see what it cost where, and where it is cheapest." />
      <Card>
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Button onClick={() => setIsScanning(true)}>Scan a barcode</Button>
      </Card>
      {isScanning ? <BarcodeScannerDialog onDetected={(gtin) => void handleDetected(gtin)} onClose={() => setIsScanning(false)} /> : null}
    </div>
  );
}
