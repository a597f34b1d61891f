import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSuppliers } from '../api/list-suppliers';
import { useSuppliersBase } from '../api/supplier-source';

/** The case form's supplier field (the cases feature's TSupplierPickerProps, by shape). */
export interface TSendToSupplierPickerProps {
  label: string;
  value: string | null;
  writtenName: string;
  onChange: (id: string | null, name: string) => void;
  onBlur: () => void;
  error: string | undefined;
  required: boolean;
  readOnly: boolean;
}

const ALL = { search: '', includeDisabled: true };

/**
 * A case's supplier, searched among the suppliers the store uses (its own, or its company's):
 * the enabled ones, and the case's own even when it has been disabled since.
 */
export function SendToSupplierPicker(props: TSendToSupplierPickerProps) {
  const { t } = useTranslation('suppliers');
  const suppliers = useSuppliers(useSuppliersBase(), ALL);
  const data = (suppliers.data ?? [])
    .filter((s) => !s.isDisabled || String(s.id) === props.value)
    .map((s) => ({ value: String(s.id), label: s.isDisabled ? `${s.name} (${t('disabled')})` : s.name }));
  const nameOf = (id: string | null) => suppliers.data?.find((s) => String(s.id) === id)?.name ?? '';
  return (
    <Select
      label={props.label}
      placeholder={t('send.pickerPlaceholder')}
      data={data}
      value={props.value}
      onChange={(id) => props.onChange(id, nameOf(id))}
      onBlur={props.onBlur}
      error={props.error}
      required={props.required}
      readOnly={props.readOnly}
      description={props.writtenName ? t('send.pickerWritten', { name: props.writtenName }) : undefined}
      searchable
      clearable={!props.required}
      nothingFoundMessage={t('send.pickerNothingFound')}
      comboboxProps={{ withinPortal: true }}
      data-field="supplierName"
    />
  );
}
