import { useController, type Control } from 'react-hook-form';
import type { TCaseFormValues } from '../lib/form-values';
import type { TCaseParts } from '../lib/case-parts';

interface Props {
  picker: NonNullable<TCaseParts['supplierPicker']>;
  control: Control<TCaseFormValues>;
  label: string;
  required: boolean;
  readOnly: boolean;
}

/**
 * The case's supplier chosen among the store's suppliers (the suppliers feature's picker): the
 * id and the name change together, so that clearing the choice clears the name too.
 */
export function CaseSupplierField({ picker, control, label, required, readOnly }: Props) {
  const id = useController({ control, name: 'supplierId' });
  const name = useController({ control, name: 'supplierName' });
  return picker({
    label,
    value: id.field.value,
    writtenName: id.field.value ? '' : name.field.value,
    onChange: (value, chosenName) => {
      id.field.onChange(value);
      name.field.onChange(chosenName);
    },
    onBlur: id.field.onBlur,
    error: id.fieldState.error?.message ?? name.fieldState.error?.message,
    required,
    readOnly,
  });
}
