import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { buildRoutePath, receiptsApi, type TReceipt } from '@cartwise/contracts';
import { BackLink, Button, Card, Dialog, FormMessage, Money, PageHeader, Spinner, toast } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { ProductPicker } from '../products/product-picker';
import { ReceiptShare } from '../households/receipt-share';
import { ReceiptForm } from './receipt-form';
import { fromReceipt } from './receipt-form-values';
import { formatReceiptDate, useReceipt, useReceiptMutations } from './receipts-api';
import './receipts.css';
import { useFormat } from '../../lib/use-format';
import { describeItemName, describeItemQuantity } from './receipt-line';

function ReceiptCard({ receipt, onLink }: { receipt: TReceipt; onLink: (itemId: string, productId: string) => void }) {
  const format = useFormat();
  const [pickingFor, setPickingFor] = useState<string | null>(null);
  return (
    <Card title={receipt.storeName || 'Unknown store'} className="receipt-card">
      <p className="muted">
        {formatReceiptDate(receipt.date)}
        {receipt.time ? ` · ${receipt.time}` : ''}
      </p>
      {receipt.items.length === 0 ? <p className="muted">No items recorded.</p> : null}
      <ul className="receipt-card-items">
        {receipt.items.map((item) => (
          <li key={item.id} className="receipt-card-item">
            <div className="receipt-card-line">
              <span>
                {describeItemName(item)} <span className="muted">{describeItemQuantity(item, format.settings)}</span>
              </span>
              <Money amount={item.price} />
            </div>
            {item.discount > 0 ? (
              <div className="receipt-card-line small muted">
                <span>Discount</span>
                <span>
                  -<Money amount={item.discount} />
                </span>
              </div>
            ) : null}
            <div className="small muted receipt-card-product">
              {item.productId ? (
                <Link to={`/u/products/${item.productId}`}>{item.productName ?? 'Product'}: price history</Link>
              ) : (
                <span>Not linked to a product</span>
              )}{' '}
              <button type="button" className="link-button" onClick={() => setPickingFor(pickingFor === item.id ? null : item.id)}>
                {item.productId ? 'Wrong product?' : 'Link a product'}
                <span className="visually-hidden"> for {item.name}</span>
              </button>
            </div>
            {pickingFor === item.id ? (
              <ProductPicker
                initialQuery={item.productName ?? item.name}
                onCancel={() => setPickingFor(null)}
                onPick={(product) => {
                  setPickingFor(null);
                  onLink(item.id, product.id);
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {receipt.subtotal !== null ? (
        <div className="receipt-card-line muted">
          <span>Subtotal</span>
          <Money amount={receipt.subtotal} />
        </div>
      ) : null}
      {receipt.tax !== null ? (
        <div className="receipt-card-line muted">
          <span>Tax</span>
          <Money amount={receipt.tax} />
        </div>
      ) : null}
      <div className="receipt-card-line receipt-card-total">
        <span>Total</span>
        <Money amount={receipt.total} />
      </div>
    </Card>
  );
}

export default function ReceiptDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const receipt = useReceipt(id);
  const { updateReceipt, deleteReceipt, linkItem } = useReceiptMutations();
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const data = receipt.data;

  const backLink = <BackLink to="/u/receipts">Back to Receipts</BackLink>;
  if (receipt.isPending) return <Spinner />;
  if (!data) {
    return (
      <div className="page receipts-page">
        {backLink}
        <PageHeader title="Receipt" />
        <Card>
          <p>No receipt data available</p>
        </Card>
      </div>
    );
  }

  return (
    <div className="page receipts-page">
      {backLink}
      <PageHeader
        title="Receipt"
        actions={
          <>
            <Button variant="secondary" onClick={() => setIsEditing(!isEditing)} aria-expanded={isEditing}>
              Edit
            </Button>
            <Button variant="danger" onClick={() => setIsConfirmingDelete(true)}>
              Delete
            </Button>
          </>
        }
      />
      {linkItem.isError ? <FormMessage tone="error">{getErrorMessage(linkItem.error, 'Could not link the product')}</FormMessage> : null}
      <div className={data.hasImage ? 'receipt-detail-layout' : 'receipt-detail-single'}>
        {isEditing ? (
          <Card title="Edit receipt">
            <ReceiptForm
              initialValues={fromReceipt(data)}
              submitLabel="Save changes"
              isBusy={updateReceipt.isPending}
              serverError={updateReceipt.isError ? getErrorMessage(updateReceipt.error, 'Could not save the changes') : null}
              onCancel={() => setIsEditing(false)}
              onSubmit={(patch) =>
                updateReceipt.mutate(
                  { id: data.id, patch },
                  {
                    onSuccess: () => {
                      setIsEditing(false);
                      toast.success('Receipt updated');
                    },
                  },
                )
              }
            />
          </Card>
        ) : (
          <ReceiptCard
            receipt={data}
            onLink={(itemId, productId) =>
              linkItem.mutate(
                { receiptId: data.id, itemId, productId },
                { onSuccess: () => toast.success('Product linked; we will remember it for this store') },
              )
            }
          />
        )}
        {data.hasImage ? (
          <div className="receipt-review-image">
            <a href={buildRoutePath(receiptsApi.image, { id: data.id })} target="_blank" rel="noreferrer">
              {data.imageType === 'pdf' ? (
                'Open the original PDF'
              ) : (
                <img src={buildRoutePath(receiptsApi.image, { id: data.id })} alt={`Receipt from ${data.storeName}`} />
              )}
            </a>
          </div>
        ) : null}
      </div>
      <ReceiptShare receipt={data} />

      <Dialog
        isOpen={isConfirmingDelete}
        title="Delete this receipt?"
        description="The receipt, its photo and its price records are removed. This cannot be undone."
        onClose={() => setIsConfirmingDelete(false)}
        footer={
          <>
            <Button variant="ghost" onClick={() => setIsConfirmingDelete(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              isBusy={deleteReceipt.isPending}
              onClick={() =>
                deleteReceipt.mutate(data.id, {
                  onSuccess: () => {
                    toast.success('Receipt deleted');
                    void navigate('/u/receipts');
                  },
                })
              }
            >
              Delete receipt
            </Button>
          </>
        }
      >
        {deleteReceipt.isError ? (
          <FormMessage tone="error">{getErrorMessage(deleteReceipt.error, 'Could not delete the receipt')}</FormMessage>
        ) : null}
      </Dialog>
    </div>
  );
}
