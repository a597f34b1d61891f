import { Checkbox, MultiSelect, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { Controller, type Control, type FieldPath, type RegisterOptions } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFormField } from '@claimdesk/contracts';
import { DateField } from '../../../components/ui/date-field';
import { isValidEmail } from '../../../lib/email';
import { validationText } from '../../../lib/validation-text';
import { useConfigLabel } from '../hooks/use-config-label';
import type { TCaseFormValues } from '../lib/form-values';

export interface TChoice {
  value: string;
  label: string;
}

interface Props {
  field: TFormField;
  control: Control<TCaseFormValues>;
  /** Choices of a select: the field's options, or those the case screen gives (status, assignee). */
  choices?: TChoice[];
  readOnly?: boolean;
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) || v === false;

/** One field of the case form, drawn by its type, with its rules and its error. */
export function FormField({ field, control, choices, readOnly = false }: Props) {
  const { t } = useTranslation('cases');
  const label = useConfigLabel();
  const name = field.key as FieldPath<TCaseFormValues>;
  const rules: RegisterOptions<TCaseFormValues> = {
    validate: (value: unknown) => {
      if (field.required && isEmpty(value)) return t('common:validation.required');
      if (isEmpty(value)) return true;
      if (field.type === 'email' && typeof value === 'string' && !isValidEmail(value))
        return t('common:validation.email');
      if (field.maxLength && typeof value === 'string' && value.length > field.maxLength)
        return t('validation.maxLength', { count: field.maxLength });
      if (typeof value === 'number' && field.min !== undefined && value < field.min)
        return t('validation.min', { min: field.min });
      if (typeof value === 'number' && field.max !== undefined && value > field.max)
        return t('validation.max', { max: field.max });
      return true;
    },
  };
  const common = {
    label: label(field.label),
    required: field.required,
    readOnly,
    'data-field': field.key,
  };
  const data = choices ?? (field.options ?? []).map((o) => ({ value: o.value, label: label(o.label) }));

  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field: input, fieldState }) => {
        const error = validationText(fieldState.error?.message);
        const value: unknown = input.value;
        switch (field.type) {
          case 'checkbox':
            return (
              <Checkbox
                {...common}
                mt="lg"
                ref={input.ref}
                checked={value === true}
                onChange={(e) => input.onChange(e.currentTarget.checked)}
                onBlur={input.onBlur}
                error={error}
                disabled={readOnly}
              />
            );
          case 'number':
          case 'money':
            return (
              <NumberInput
                {...common}
                ref={input.ref}
                value={typeof value === 'number' ? value : ''}
                onChange={(v) => input.onChange(typeof v === 'number' ? v : null)}
                onBlur={input.onBlur}
                error={error}
                min={field.min}
                max={field.max}
                decimalScale={field.type === 'money' ? 2 : undefined}
                fixedDecimalScale={field.type === 'money'}
                thousandSeparator={field.type === 'money' ? ' ' : undefined}
                hideControls={field.type === 'money'}
              />
            );
          case 'select':
            return (
              <Select
                {...common}
                ref={input.ref}
                data={data}
                value={typeof value === 'string' && value !== '' ? value : null}
                onChange={(v) => input.onChange(v)}
                onBlur={input.onBlur}
                error={error}
                clearable={!field.required}
                allowDeselect={!field.required}
                searchable={data.length > 8}
                nothingFoundMessage={t('form.nothingFound')}
                comboboxProps={{ withinPortal: true }}
              />
            );
          case 'multi-select':
            return (
              <MultiSelect
                {...common}
                ref={input.ref}
                data={data}
                value={Array.isArray(value) ? (value as string[]) : []}
                onChange={(v) => input.onChange(v)}
                onBlur={input.onBlur}
                error={error}
                clearable
                comboboxProps={{ withinPortal: true }}
              />
            );
          case 'textarea':
            return (
              <Textarea
                {...common}
                ref={input.ref}
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => input.onChange(e.currentTarget.value)}
                onBlur={input.onBlur}
                error={error}
                autosize
                minRows={3}
                maxRows={12}
              />
            );
          case 'date':
            return (
              <DateField
                {...common}
                ref={input.ref}
                value={typeof value === 'string' ? value : ''}
                onChange={input.onChange}
                onBlur={input.onBlur}
                error={error}
                clearable={!field.required}
              />
            );
          default:
            return (
              <TextInput
                {...common}
                ref={input.ref}
                type={field.type === 'email' ? 'email' : 'text'}
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => input.onChange(e.currentTarget.value)}
                onBlur={input.onBlur}
                error={error}
              />
            );
        }
      }}
    />
  );
}
