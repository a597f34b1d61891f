import { Checkbox, MultiSelect, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { Controller, type Control, type FieldPath, type RegisterOptions } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formFieldProblem, textMaxLength, type TFormField } from '@claimdesk/contracts';
import { DateField, parseTypedDate } from '../../../components/ui/date-field';
import { useConfigLabel } from '../hooks/use-config-label';
import { caseIssueText } from '../lib/case-issue-text';
import { toApiValue, type TCaseFormValues } from '../lib/form-values';
import { numberInputSeparators } from '../lib/format';

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

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isTextType = (type: TFormField['type']) => type === 'text' || type === 'email' || type === 'textarea';

/** One field of the case form, drawn by its type, with its rules and its error. */
export function FormField({ field, control, choices, readOnly = false }: Props) {
  const { t, i18n } = useTranslation('cases');
  const label = useConfigLabel();
  const name = field.key as FieldPath<TCaseFormValues>;
  // A date typed that is no date (31/02/2027) changes no value and is shown as typed: the rules
  // read the text of the input, so it is refused however the save comes (Enter in the field, Save).
  const dateInput = useRef<HTMLInputElement | null>(null);
  const isBadDateTyped = () => {
    const typed = dateInput.current?.value.trim() ?? '';
    return typed !== '' && !parseTypedDate(typed, i18n.language);
  };
  const maxLength = isTextType(field.type) ? textMaxLength(field) : undefined;
  // The contract's form rules, the server's own, on the value as the request would carry it.
  const rules: RegisterOptions<TCaseFormValues> = {
    validate: (value: unknown) => {
      if (field.type === 'date' && isBadDateTyped())
        return caseIssueText({ code: 'invalid_date' }, field, i18n.language);
      const problem = formFieldProblem(field, toApiValue(field, value));
      return problem ? caseIssueText(problem, field, i18n.language) : true;
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
        const value: unknown = input.value;
        // Text past its limit is kept and named at once, never cut off silently (a pasted name).
        const isTooLong = maxLength !== undefined && typeof value === 'string' && value.length > maxLength;
        const error =
          fieldState.error?.message ??
          (isTooLong
            ? caseIssueText({ code: 'too_long', params: { max: maxLength } }, field, i18n.language)
            : undefined);
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
              // No min/max, decimalScale or fixedDecimalScale: Mantine would clamp on blur, cut
              // decimals while typing and hand back padded amounts (`250.00`) as strings. The value
              // stays as typed (a string while it is not a plain number) and the rules say what is wrong.
              // Shown with the language's separators (1 500,5 in Norwegian); the value Mantine hands
              // back is in `.` notation (1500.5) whatever the language.
              <NumberInput
                {...common}
                ref={input.ref}
                value={typeof value === 'number' || typeof value === 'string' ? value : ''}
                onChange={(v) => input.onChange(v === '' ? null : v)}
                onBlur={input.onBlur}
                error={error}
                clampBehavior="none"
                trimLeadingZeroesOnBlur={false}
                {...numberInputSeparators(i18n.language, field.type === 'money')}
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
                ref={(element: HTMLInputElement | null) => {
                  dateInput.current = element;
                  input.ref(element);
                }}
                value={typeof value === 'string' && ISO_DATE.test(value) ? value : ''}
                onChange={input.onChange}
                onBlur={input.onBlur}
                // Enter submits the form when Save is enabled; either way, the field's error shows now.
                onKeyDown={(e) => {
                  if (e.key === 'Enter') input.onBlur();
                }}
                fixOnBlur={false}
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
