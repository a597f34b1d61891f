import { Badge, Box, Button, ColorSwatch, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  validateConfigValue,
  type TStatusOptionsConfig,
  type TStoreFormResponse,
} from '@claimdesk/contracts';
import { useSaveDocument } from '../hooks/use-save-document';
import type { TWordsContext } from '../hooks/use-words';
import { errorsUnder } from '../lib/form-draft';
import { fromStatusDraft, toStatusDraft, type TDraftStatus, type TStatusDraft } from '../lib/status-draft';
import { emptyWords, filledWords, wordsOf, type TWordChanges } from '../lib/store-words';
import { SaveBar } from './save-bar';
import { SortableList } from './sortable-list';
import { StatusEditor } from './status-editor';

interface Props {
  doc: TStoreFormResponse;
  words: TWordsContext;
  onReload: () => void;
}

let newStatusCount = 0;

/** A workflow's statuses in order: their words, colour, whether closed, and the one new cases start in. */
export function StatusesPanel({ doc, words, onReload }: Props) {
  const { t } = useTranslation('settings');
  const initial = () =>
    toStatusDraft(doc.value as TStatusOptionsConfig, (label) =>
      wordsOf(label, words.translations, words.translate),
    );
  const [draft, setDraft] = useState<TStatusDraft>(initial);
  const [isDirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const save = useSaveDocument(doc.name, words);
  const errors = save.problem?.kind === 'invalid' ? save.problem.fieldErrors : {};
  const update = (next: TStatusDraft) => {
    setDraft(next);
    setDirty(true);
  };
  const index = draft.statuses.findIndex((s) => s.id === editing);
  const nameOf = (s: TDraftStatus) =>
    filledWords(s.words, words.preferred)[words.preferred] || s.status.value;

  const onSave = async () => {
    const changes: TWordChanges = {};
    const value = fromStatusDraft(draft, doc.name, words.preferred, changes);
    const check = validateConfigValue(doc.name, value, '');
    if (!check.isValid) {
      save.setProblem({ kind: 'invalid', fieldErrors: check.fieldErrors });
      return;
    }
    await save.submit(value, doc.version, changes);
  };
  const shown = draft.statuses.map((_, i) => `statuses.${String(i)}`);
  const otherErrors = Object.fromEntries(
    Object.entries(errors).filter(([p]) => !shown.some((s) => p === s || p.startsWith(`${s}.`))),
  );

  return (
    <Stack gap="md" maw={760}>
      <Paper withBorder p="sm">
        <SortableList
          items={draft.statuses}
          onChange={(statuses) => update({ ...draft, statuses })}
          nameOf={nameOf}
          testId="statuses"
          renderItem={(s, i) => {
            const messages = Object.values(errorsUnder(errors, `statuses.${String(i)}`));
            return (
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6} justify="space-between" wrap="wrap">
                  <Group gap={8} wrap="nowrap" style={{ minWidth: 0, flex: '1 1 160px' }}>
                    <ColorSwatch
                      size={14}
                      color={`var(--mantine-color-${s.status.color ?? 'gray'}-6)`}
                      aria-hidden
                    />
                    <Text size="sm" fw={500} truncate="end">
                      {nameOf(s)}
                    </Text>
                  </Group>
                  <Group gap={6} wrap="nowrap">
                    {draft.initial === s.status.value && (
                      <Badge size="sm" variant="light">
                        {t('storeForms.status.initialBadge')}
                      </Badge>
                    )}
                    {s.status.isClosed && (
                      <Badge size="sm" variant="light" color="gray">
                        {t('storeForms.status.closedBadge')}
                      </Badge>
                    )}
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      onClick={() => setEditing(s.id)}
                      aria-label={t('storeForms.status.edit', { name: nameOf(s) })}
                    >
                      {t('storeForms.field.editShort')}
                    </Button>
                  </Group>
                </Group>
                {messages.length > 0 && (
                  <Text size="xs" c="red.8" mt={4} role="alert">
                    {messages.join(' · ')}
                  </Text>
                )}
              </Box>
            );
          }}
        />
        <Button
          mt="xs"
          variant="light"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => {
            newStatusCount += 1;
            const id = `new-${String(newStatusCount)}`;
            update({
              ...draft,
              statuses: [
                ...draft.statuses,
                { id, status: { value: '', label: '-' }, words: emptyWords(), original: null },
              ],
            });
            setEditing(id);
          }}
        >
          {t('storeForms.status.add')}
        </Button>
      </Paper>
      <SaveBar
        problem={save.problem}
        otherErrors={otherErrors}
        isDirty={isDirty}
        isPending={save.isPending}
        onSave={() => void onSave()}
        onDiscard={() => {
          setDraft(initial());
          setDirty(false);
          save.setProblem(null);
        }}
        onReload={onReload}
      />
      <StatusEditor
        draft={draft.statuses[index] ?? null}
        isInitial={draft.statuses[index]?.status.value === draft.initial}
        errors={errorsUnder(errors, `statuses.${String(index)}`)}
        onChange={(next) =>
          update({ ...draft, statuses: draft.statuses.map((s) => (s.id === next.id ? next : s)) })
        }
        onInitial={() => {
          const value = draft.statuses[index]?.status.value;
          if (value) update({ ...draft, initial: value });
        }}
        onRemove={() => {
          update({ ...draft, statuses: draft.statuses.filter((s) => s.id !== editing) });
          setEditing(null);
        }}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
