import type { ReactNode, Ref } from 'react';
import type { TProduct } from '@cartwise/contracts';
import { Combobox } from '../../components/combobox';
import { describeProduct, useProductSuggestions } from './product-search';

export interface ProductComboboxProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  onPick: (product: TProduct) => void;
  /** Enter without a highlighted suggestion: the free text is kept as typed. */
  onSubmitText?: () => void;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  isLabelVisible?: boolean;
  trailing?: ReactNode;
}

/**
 * A text field that suggests known products while typing. Picking one links the item to that product so
 * prices can be compared; free text still works.
 */
export function ProductCombobox({ value, ...rest }: ProductComboboxProps) {
  const suggestions = useProductSuggestions(value);
  return (
    <Combobox
      value={value}
      options={suggestions}
      getKey={(product) => product.id}
      renderOption={(product) => (
        <>
          <span>{product.name}</span>
          <span className="muted small">{describeProduct(product)}</span>
        </>
      )}
      {...rest}
    />
  );
}
