import { ActionIcon, Button, Group, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFormField, TOption } from '@claimdesk/contracts';
import {
  CUSTOM_FIELD_TYPES,
  customKeyOf,
  isChoiceType,
  isCustomField,
  optionKeyOf,
  type TDraftField,
} from '../lib/form-draft';
import { hasWords, type TWords } from '../lib/store-words';
import { WordsInput } from './words-input';

interface Props {
  draft: TDraftField | null;
  /** Messages by the path inside the field (`options.0.value`, '' for the field). */
  errors: Record<string, string>;
  onChange: (next: TDraftField) => void;
  onRemove: () => void;
  onClose: () => void;
}

/** One field of the form: its name in each language, type, whether it is required, its options. */
export function FieldEditor({ draft, errors, onChange, onRemove, onClose }: Props) {
  const { t } = useTranslation('settings');
  if (!draft) return <Modal opened={false} onClose={onClose} />;
  const { field } = draft;
  const isCustom = isCustomField(field);
  const isNew = draft.original === null;
  const set = (patch: Partial<TFormField>) => onChange({ ...draft, field: { ...field, ...patch } });
  const setWords = (words: TWords) => {
    // A new field's key follows its first name until the key is typed over.
    const shouldFollow = isNew && field.key === customKeyOf(firstWord(draft.words));
    onChange({
      ...draft,
      words,
      field: shouldFollow ? { ...field, key: customKeyOf(firstWord(words)) } : field,
    });
  };
  const setType = (type: TFormField['type']) =>
    set(
      isChoiceType(type)
        ? { type, options: field.options ?? [] }
        : { type, options: undefined, ...(type === 'checkbox' && { required: undefined }) },
    );
  const options = field.options ?? [];
  const setOption = (index: number, label: string) =>
    set({
      options: options.map((o, i) =>
        i === index
          ? {
              label,
              value: o.value === optionKeyOf(o.label) || o.value === '' ? optionKeyOf(label) : o.value,
            }
          : o,
      ),
    });
  const setOptionValue = (index: number, value: string) =>
    set({ options: options.map((o, i) => (i === index ? { ...o, value } : o)) });
  const addOption = () => set({ options: [...options, { value: '', label: '' } satisfies TOption] });
  const removeOption = (index: number) => set({ options: options.filter((_, i) => i !== index) });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(isNew ? 'storeForms.field.newTitle' : 'storeForms.field.title')}
      size="lg"
    >
      <Stack gap="sm">
        <WordsInput
          label={t('storeForms.field.label')}
          words={draft.words}
          onChange={setWords}
          error={errors.label ?? (hasWords(draft.words) ? null : t('storeForms.wordsRequired'))}
          testId="field-label"
        />
        <TextInput
          label={t('storeForms.field.key')}
          description={t(isNew ? 'storeForms.field.keyHint' : 'storeForms.field.keyFixed')}
          value={field.key}
          onChange={(e) => set({ key: e.currentTarget.value })}
          readOnly={!isNew}
          error={errors.key}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Select
          label={t('storeForms.field.type')}
          data={(isCustom ? CUSTOM_FIELD_TYPES : [field.type]).map((type) => ({
            value: type,
            label: t(`storeForms.types.${type}`),
          }))}
          value={field.type}
          onChange={(v) => v && setType(v)}
          disabled={!isCustom}
          description={isCustom ? undefined : t('storeForms.field.typeFixed')}
          error={errors.type}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {field.type !== 'checkbox' && field.type !== 'items' && (
          <Switch
            label={t('storeForms.field.required')}
            checked={field.required === true}
            onChange={(e) => set({ required: e.currentTarget.checked || undefined })}
          />
        )}
        {isChoiceType(field.type) && isCustom && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('storeForms.field.options')}
            </Text>
            {options.map((option, index) => (
              <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  style={{ flex: 2 }}
                  aria-label={t('storeForms.field.optionLabel', { number: index + 1 })}
                  placeholder={t('storeForms.field.optionLabelPlaceholder')}
                  value={option.label}
                  onChange={(e) => setOption(index, e.currentTarget.value)}
                  error={errors[`options.${index}.label`]}
                  data-testid={`option-label-${index}`}
                />
                <TextInput
                  style={{ flex: 1 }}
                  aria-label={t('storeForms.field.optionValue', { number: index + 1 })}
                  value={option.value}
                  onChange={(e) => setOptionValue(index, e.currentTarget.value)}
                  error={errors[`options.${index}.value`] ?? errors[`options.${index}`]}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={4}
                  aria-label={t('storeForms.field.removeOption', { number: index + 1 })}
                  onClick={() => removeOption(index)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {errors.options && (
              <Text size="sm" c="red.8" role="alert">
                {errors.options}
              </Text>
            )}
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={addOption}
              w="fit-content"
            >
              {t('storeForms.field.addOption')}
            </Button>
          </Stack>
        )}
        <Group justify="space-between" mt="sm">
          {isCustom ? (
            <Button
              variant="subtle"
              color="red.9"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={onRemove}
            >
              {t('storeForms.field.remove')}
            </Button>
          ) : (
            <span />
          )}
          <Button onClick={onClose}>{t('storeForms.field.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const firstWord = (words: TWords) => Object.values(words).find((w) => w.trim() !== '') ?? '';
