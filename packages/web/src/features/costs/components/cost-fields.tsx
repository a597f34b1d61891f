// The controlled inputs the costs forms share (cost line, credit note, recovery, exchange rates):
// an amount written with the language's decimal separator, a choice that cannot be emptied, and a
// date. Each takes the form's control and field name, so a form lists only what it asks.
import { NumberInput, Select, type ComboboxData } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/ui/date-field';
import { decimalSeparatorOf } from '../lib/money';

interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  error?: string;
  w?: number;
}

/** Enter in a field submits the costs form (the case page is a form of its own, which must not). */
export const submitOnEnter = (submit: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
    e.preventDefault();
    submit();
  }
};

/** An amount (2 decimals, or `decimals`), never negative, as the person's language writes it. */
export function AmountField<T extends FieldValues>({
  decimals = 2,
  description,
  ...props
}: FieldProps<T> & { decimals?: number; description?: string }) {
  const { i18n } = useTranslation();
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <NumberInput
          decimalSeparator={decimalSeparatorOf(i18n.language)}
          {...field}
          label={props.label}
          description={description}
          decimalScale={decimals}
          min={0}
          hideControls
          w={props.w}
          error={props.error}
        />
      )}
    />
  );
}

/** One of `data`; the choice can be changed but not emptied. */
export function ChoiceField<T extends FieldValues>({
  data,
  ...props
}: FieldProps<T> & { data: ComboboxData }) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <Select
          {...field}
          label={props.label}
          data={data}
          allowDeselect={false}
          w={props.w}
          error={props.error}
        />
      )}
    />
  );
}

/** A date as YYYY-MM-DD. */
export function DateInputField<T extends FieldValues>(props: FieldProps<T>) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <DateField
          value={field.value}
          onChange={field.onChange}
          label={props.label}
          w={props.w}
          error={props.error}
        />
      )}
    />
  );
}
