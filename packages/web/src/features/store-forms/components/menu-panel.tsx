import { Box, Button, Code, Group, Modal, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, validateConfigValue, type TMenuConfig, type TStoreFormResponse } from '@claimdesk/contracts';
import { useSaveDocument } from '../hooks/use-save-document';
import type { TWordsContext } from '../hooks/use-words';
import { errorsUnder } from '../lib/form-draft';
import { fromMenuDraft, toMenuDraft, type TDraftMenuEntry } from '../lib/menu-draft';
import { filledWords, wordsOf, type TWordChanges } from '../lib/store-words';
import { SaveBar } from './save-bar';
import { SortableList } from './sortable-list';
import { WordsInput } from './words-input';

interface Props {
  doc: TStoreFormResponse;
  words: TWordsContext;
  onReload: () => void;
}

/** The side menu's workflow entries: their order, words, and who sees them. */
export function MenuPanel({ doc, words, onReload }: Props) {
  const { t } = useTranslation('settings');
  const initial = () =>
    toMenuDraft(doc.value as TMenuConfig, (label) => wordsOf(label, words.translations, words.translate));
  const [draft, setDraft] = useState<TDraftMenuEntry[]>(initial);
  const [isDirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const save = useSaveDocument(doc.name, words);
  const errors = save.problem?.kind === 'invalid' ? save.problem.fieldErrors : {};
  const update = (next: TDraftMenuEntry[]) => {
    setDraft(next);
    setDirty(true);
  };
  const read = (w: TDraftMenuEntry['words']) => filledWords(w, words.preferred)[words.preferred];
  const entry = draft.find((e) => e.id === editing) ?? null;
  const change = (next: TDraftMenuEntry) => update(draft.map((e) => (e.id === next.id ? next : e)));

  const onSave = async () => {
    const changes: TWordChanges = {};
    const value = fromMenuDraft(draft, words.preferred, changes);
    const check = validateConfigValue(doc.name, value, '');
    if (!check.isValid) {
      save.setProblem({ kind: 'invalid', fieldErrors: check.fieldErrors });
      return;
    }
    await save.submit(value, doc.version, changes);
  };
  const shown = draft.map((_, i) => String(i));
  const otherErrors = Object.fromEntries(
    Object.entries(errors).filter(([p]) => !shown.some((s) => p === s || p.startsWith(`${s}.`))),
  );

  return (
    <Stack gap="md" maw={760}>
      <Text size="sm" c="dimmed">
        {t('storeForms.menu.hint')}
      </Text>
      <Paper withBorder p="sm">
        <SortableList
          items={draft}
          onChange={update}
          nameOf={(e) => read(e.words) || e.item.key}
          testId="menu-entries"
          renderItem={(e, i) => {
            const messages = Object.values(errorsUnder(errors, String(i)));
            return (
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6} justify="space-between" wrap="wrap">
                  <Box style={{ minWidth: 0, flex: '1 1 160px' }}>
                    <Text size="sm" fw={500} truncate="end">
                      {read(e.words) || e.item.key}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end">
                      {e.sub.map((s) => read(s.words)).join(' · ')}
                      {e.item.roles && ` — ${e.item.roles.map((r) => t(`storeForms.roles.${r}`)).join(', ')}`}
                    </Text>
                  </Box>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconPencil size={14} aria-hidden />}
                    onClick={() => setEditing(e.id)}
                    aria-label={t('storeForms.menu.edit', { name: read(e.words) })}
                  >
                    {t('storeForms.field.editShort')}
                  </Button>
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
      <Modal
        opened={entry !== null}
        onClose={() => setEditing(null)}
        title={t('storeForms.menu.title')}
        size="lg"
      >
        {entry && (
          <Stack gap="sm">
            <Code w="fit-content">{entry.item.key}</Code>
            <WordsInput
              label={t('storeForms.menu.label')}
              words={entry.words}
              onChange={(w) => change({ ...entry, words: w })}
            />
            {entry.item.sub?.map((s, i) => {
              const own = entry.sub[i];
              return own ? (
                <WordsInput
                  key={s.key}
                  label={t('storeForms.menu.subLabel', { key: s.key })}
                  words={own.words}
                  onChange={(w) =>
                    change({ ...entry, sub: entry.sub.map((x, j) => (j === i ? { ...x, words: w } : x)) })
                  }
                />
              ) : null;
            })}
            <MultiSelect
              label={t('storeForms.menu.roles')}
              description={t('storeForms.menu.rolesHint')}
              data={ROLES.filter((r) => r !== 'EXT_USER').map((r) => ({
                value: r,
                label: t(`storeForms.roles.${r}`),
              }))}
              value={entry.item.roles ?? []}
              onChange={(roles) =>
                change({
                  ...entry,
                  item: { ...entry.item, roles: roles.length > 0 ? roles : undefined },
                })
              }
              comboboxProps={{ withinPortal: true }}
            />
            <Group justify="flex-end">
              <Button onClick={() => setEditing(null)}>{t('storeForms.field.done')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
