import { Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS, type TDraftStatus } from '../lib/status-draft';
import { optionKeyOf } from '../lib/form-draft';
import { hasWords, type TWords } from '../lib/store-words';
import { WordsInput } from './words-input';

interface Props {
  draft: TDraftStatus | null;
  isInitial: boolean;
  errors: Record<string, string>;
  onChange: (next: TDraftStatus) => void;
  onInitial: () => void;
  onRemove: () => void;
  onClose: () => void;
}

/** One status: its words in each language, key, colour, whether it counts as closed, whether new cases start in it. */
export function StatusEditor({ draft, isInitial, errors, onChange, onInitial, onRemove, onClose }: Props) {
  const { t } = useTranslation('settings');
  if (!draft) return <Modal opened={false} onClose={onClose} />;
  const { status } = draft;
  const isNew = draft.original === null;
  const setWords = (words: TWords) => {
    const first = Object.values(words).find((w) => w.trim() !== '') ?? '';
    const previous = Object.values(draft.words).find((w) => w.trim() !== '') ?? '';
    const shouldFollow = isNew && status.value === optionKeyOf(previous);
    onChange({ ...draft, words, status: shouldFollow ? { ...status, value: optionKeyOf(first) } : status });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(isNew ? 'storeForms.status.newTitle' : 'storeForms.status.title')}
      size="lg"
    >
      <Stack gap="sm">
        <WordsInput
          label={t('storeForms.status.label')}
          words={draft.words}
          onChange={setWords}
          error={errors.label ?? (hasWords(draft.words) ? null : t('storeForms.wordsRequired'))}
          testId="status-label"
        />
        <TextInput
          label={t('storeForms.status.key')}
          description={t(isNew ? 'storeForms.status.keyHint' : 'storeForms.status.keyFixed')}
          value={status.value}
          readOnly={!isNew}
          onChange={(e) => onChange({ ...draft, status: { ...status, value: e.currentTarget.value } })}
          error={errors.value ?? errors['']}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Select
          label={t('storeForms.status.color')}
          data={STATUS_COLORS.map((c) => ({ value: c, label: t(`storeForms.colors.${c}`) }))}
          value={status.color ?? null}
          onChange={(v) =>
            onChange({
              ...draft,
              status: { ...status, color: v ?? undefined },
            })
          }
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Switch
          label={t('storeForms.status.closed')}
          description={t('storeForms.status.closedHint')}
          checked={status.isClosed === true}
          onChange={(e) =>
            onChange({ ...draft, status: { ...status, isClosed: e.currentTarget.checked || undefined } })
          }
        />
        <Switch
          label={t('storeForms.status.initial')}
          checked={isInitial}
          disabled={isInitial}
          onChange={onInitial}
        />
        <Group justify="space-between" mt="sm">
          <Button
            variant="subtle"
            color="red.9"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onRemove}
            disabled={isInitial}
          >
            {t('storeForms.status.remove')}
          </Button>
          <Button onClick={onClose}>{t('storeForms.field.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
