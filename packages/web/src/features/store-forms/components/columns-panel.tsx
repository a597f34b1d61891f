import { ActionIcon, Box, Button, Code, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LIST_COLUMNS,
  validateConfigValue,
  type TFormConfig,
  type TListColumnConfig,
  type TListColumnsConfig,
  type TStoreFormResponse,
} from '@claimdesk/contracts';
import { useSaveDocument } from '../hooks/use-save-document';
import type { TWordsContext } from '../hooks/use-words';
import { errorsUnder } from '../lib/form-draft';
import { filledWords, wordsOf } from '../lib/store-words';
import { SaveBar } from './save-bar';
import { SortableList } from './sortable-list';

interface Props {
  doc: TStoreFormResponse;
  /** The workflow's case form: its own fields may be columns too. */
  form: TFormConfig | undefined;
  words: TWordsContext;
  onReload: () => void;
}

const BUILT_IN_LABEL: Partial<Record<string, string>> = { itemsSummary: 'items', mailCounts: 'mail' };
const builtInColumn = (key: (typeof LIST_COLUMNS)[number]): TListColumnConfig => ({
  key,
  label: `case.column.${BUILT_IN_LABEL[key] ?? key}`,
});

type TDraftColumn = TListColumnConfig & { id: string };

/** Which columns the workflow's open and archive lists show, in which order. */
export function ColumnsPanel({ doc, form, words, onReload }: Props) {
  const { t } = useTranslation('settings');
  const initial = () => (doc.value as TListColumnsConfig).map((c) => ({ ...c, id: c.key }));
  const [columns, setColumns] = useState<TDraftColumn[]>(initial);
  const [isDirty, setDirty] = useState(false);
  const [adding, setAdding] = useState<string | null>(null);
  const save = useSaveDocument(doc.name, words);
  const errors = save.problem?.kind === 'invalid' ? save.problem.fieldErrors : {};
  const update = (next: TDraftColumn[]) => {
    setColumns(next);
    setDirty(true);
  };
  const nameOf = (c: TListColumnConfig) =>
    filledWords(wordsOf(c.label, words.translations, words.translate), words.preferred)[words.preferred] ||
    c.key;

  const candidates: TListColumnConfig[] = [
    ...LIST_COLUMNS.map(builtInColumn),
    ...(form?.groups ?? [])
      .flatMap((g) => g.fields)
      .filter((f) => f.key.startsWith('custom.'))
      .map((f) => ({ key: f.key, label: f.label })),
  ].filter((c) => !columns.some((shown) => shown.key === c.key));

  const onSave = async () => {
    const value = columns.map(({ id: _id, ...column }) => column);
    const check = validateConfigValue(doc.name, value, '');
    if (!check.isValid) {
      save.setProblem({ kind: 'invalid', fieldErrors: check.fieldErrors });
      return;
    }
    await save.submit(value, doc.version, {});
  };
  const shown = columns.map((_, i) => String(i));
  const otherErrors = Object.fromEntries(
    Object.entries(errors).filter(([p]) => !shown.some((s) => p === s || p.startsWith(`${s}.`))),
  );

  return (
    <Stack gap="md" maw={760}>
      <Paper withBorder p="sm">
        <SortableList
          items={columns}
          onChange={update}
          nameOf={nameOf}
          testId="columns"
          renderItem={(c, i) => {
            const messages = Object.values(errorsUnder(errors, String(i)));
            return (
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6} justify="space-between" wrap="nowrap">
                  <Box style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate="end">
                      {nameOf(c)}
                    </Text>
                    <Code fz="xs" bg="transparent" p={0} c="dimmed">
                      {c.key}
                    </Code>
                  </Box>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('storeForms.columns.remove', { name: nameOf(c) })}
                    onClick={() => update(columns.filter((x) => x.id !== c.id))}
                    disabled={columns.length === 1}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
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
        <Group mt="sm" gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={t('storeForms.columns.add')}
            placeholder={t('storeForms.columns.choose')}
            data={candidates.map((c) => ({ value: c.key, label: nameOf(c) }))}
            value={adding}
            onChange={setAdding}
            searchable
            style={{ flex: '1 1 220px' }}
            comboboxProps={{ withinPortal: true }}
            nothingFoundMessage={t('storeForms.columns.none')}
          />
          <Button
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={adding === null}
            onClick={() => {
              const column = candidates.find((c) => c.key === adding);
              if (column) update([...columns, { ...column, id: column.key }]);
              setAdding(null);
            }}
          >
            {t('storeForms.columns.addButton')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          {t('storeForms.columns.hint')}
        </Text>
      </Paper>
      <SaveBar
        problem={save.problem}
        otherErrors={otherErrors}
        isDirty={isDirty}
        isPending={save.isPending}
        onSave={() => void onSave()}
        onDiscard={() => {
          setColumns(initial());
          setDirty(false);
          save.setProblem(null);
        }}
        onReload={onReload}
      />
    </Stack>
  );
}
