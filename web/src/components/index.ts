// UI kit barrel: feature pages import from 'web/src/components' only.
export { Button, ButtonLink, type ButtonProps, type ButtonVariant } from './button';
export { TextField, type TextFieldProps } from './text-field';
export { SelectField, type SelectFieldProps, type SelectOption } from './select-field';
export { Checkbox, type CheckboxProps } from './checkbox';
export { Card, type CardProps } from './card';
export { Dialog, type DialogProps } from './dialog';
export { toast, type ToastItem, type ToastKind } from './toast-store';
export { Toaster } from './toaster';
export { Spinner } from './spinner';
export { EmptyState } from './empty-state';
export { Badge, type BadgeTone } from './badge';
export { PageHeader } from './page-header';
export { Money } from './money';
export { DataTable, type DataColumn } from './data-table';
export { FormMessage } from './form-message';
export { QuantityUnitFields, type QuantityUnitFieldsProps } from './quantity-unit-fields';
export { PlaceholderPage } from './placeholder-page';
export { Icon, type IconName } from './icon';
