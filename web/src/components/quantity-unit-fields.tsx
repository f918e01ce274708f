import { TextField } from './text-field';

export interface QuantityUnitFieldsProps {
  quantity: string;
  quantityError: string | null;
  onQuantityChange: (quantity: string) => void;
  unit: string;
  unitPlaceholder: string;
  onUnitChange: (unit: string) => void;
}

/** Quantity and unit side by side, as list items and pantry items are edited. */
export function QuantityUnitFields({
  quantity,
  quantityError,
  onQuantityChange,
  unit,
  unitPlaceholder,
  onUnitChange,
}: QuantityUnitFieldsProps) {
  return (
    <div className="quantity-unit-row">
      <TextField
        label="Quantity"
        type="number"
        inputMode="decimal"
        min="0"
        step="any"
        value={quantity}
        onChange={(e) => onQuantityChange(e.target.value)}
        error={quantityError}
      />
      <TextField label="Unit" value={unit} onChange={(e) => onUnitChange(e.target.value)} placeholder={unitPlaceholder} maxLength={30} />
    </div>
  );
}
