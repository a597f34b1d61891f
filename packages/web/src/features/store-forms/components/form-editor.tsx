import { Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  validateConfigValue,
  type TFormConfig,
  type TStatusOptionsConfig,
  type TStoreFormResponse,
} from '@claimdesk/contracts';
import { useSaveDocument } from '../hooks/use-save-document';
import type { TWordsContext } from '../hooks/use-words';
import {
  customKeyOf,
  errorsUnder,
  fromFormDraft,
  previewOf,
  toFormDraft,
  type TDraftField,
  type TFormDraft,
} from '../lib/form-draft';
import { emptyWords, filledWords, wordsOf, type TWordChanges } from '../lib/store-words';
import { FieldEditor } from './field-editor';
import { FieldRow } from './field-row';
import type { TRenderFormPreview } from './form-preview';
import { SaveBar } from './save-bar';
import { SortableList } from './sortable-list';

interface Props {
  doc: TStoreFormResponse;
  words: TWordsContext;
  statusOptions: TStatusOptionsConfig | undefined;
  onReload: () => void;
  renderPreview: TRenderFormPreview | undefined;
}

let newFieldCount = 0;

/** A workflow's case form: its fields by group, in order, each opened to edit; with the live preview. */
export function FormEditor({ doc, words, statusOptions, onReload, renderPreview }: Props) {
  const { t } = useTranslation('settings');
  const wordsOfLabel = (label: string) => wordsOf(label, words.translations, words.translate);
  const initial = () => toFormDraft(doc.value as TFormConfig, wordsOfLabel);
  const [draft, setDraft] = useState<TFormDraft>(initial);
  const [isDirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const save = useSaveDocument(doc.name, words);
  const errors = save.problem?.kind === 'invalid' ? save.problem.fieldErrors : {};
  // The preview follows the draft a moment later and only when it changed, so typing a name stays quick.
  const previewForm = useDeferredValue(
    useMemo(() => previewOf(draft, words.preferred), [draft, words.preferred]),
  );
  const preview = useMemo(
    () => renderPreview?.({ form: previewForm, statusOptions }),
    [renderPreview, previewForm, statusOptions],
  );

  const update = (next: TFormDraft) => {
    setDraft(next);
    setDirty(true);
  };
  const setFields = (g: number, fields: TDraftField[]) =>
    update({ ...draft, groups: draft.groups.map((group, i) => (i === g ? { ...group, fields } : group)) });
  const place = (id: string) => {
    for (const [g, group] of draft.groups.entries()) {
      const f = group.fields.findIndex((d) => d.id === id);
      if (f >= 0) return { g, f };
    }
    return null;
  };
  const editingAt = editing ? place(editing) : null;
  const editingField = editingAt ? (draft.groups[editingAt.g]?.fields[editingAt.f] ?? null) : null;

  const addField = (g: number) => {
    newFieldCount += 1;
    const id = `new-${String(newFieldCount)}`;
    const field: TDraftField = {
      id,
      field: { key: customKeyOf(''), label: '-', type: 'text' },
      words: emptyWords(),
      original: null,
    };
    setFields(g, [...(draft.groups[g]?.fields ?? []), field]);
    setEditing(id);
  };
  const changeField = (next: TDraftField) => {
    if (!editingAt) return;
    const fields = draft.groups[editingAt.g]?.fields ?? [];
    setFields(
      editingAt.g,
      fields.map((d) => (d.id === next.id ? next : d)),
    );
  };
  const removeField = () => {
    if (!editingAt) return;
    setFields(
      editingAt.g,
      (draft.groups[editingAt.g]?.fields ?? []).filter((d) => d.id !== editing),
    );
    setEditing(null);
  };

  const onSave = async () => {
    const changes: TWordChanges = {};
    const value = fromFormDraft(draft, doc.name, words.preferred, changes);
    const check = validateConfigValue(doc.name, value, '');
    if (!check.isValid) {
      save.setProblem({ kind: 'invalid', fieldErrors: check.fieldErrors });
      return;
    }
    await save.submit(value, doc.version, changes);
  };

  const shownPaths = draft.groups.flatMap((group, g) =>
    group.fields.map((_, f) => `groups.${String(g)}.fields.${String(f)}`),
  );
  const otherErrors = Object.fromEntries(
    Object.entries(errors).filter(
      ([path]) => !shownPaths.some((p) => path === p || path.startsWith(`${p}.`)),
    ),
  );
  const editingErrors = editingAt
    ? errorsUnder(errors, `groups.${String(editingAt.g)}.fields.${String(editingAt.f)}`)
    : {};

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          {draft.groups.map((group, g) => (
            <Paper key={group.key} withBorder p="sm" data-testid={`editor-group-${group.key}`}>
              <Title order={3} size="h5" mb="xs">
                {filledWords(wordsOfLabel(group.label), words.preferred)[words.preferred]}
              </Title>
              <SortableList
                items={group.fields}
                onChange={(fields) => setFields(g, fields)}
                nameOf={(d) => filledWords(d.words, words.preferred)[words.preferred] || d.field.key}
                testId={`fields-${group.key}`}
                renderItem={(d, f) => (
                  <FieldRow
                    draft={d}
                    preferred={words.preferred}
                    errors={errorsUnder(errors, `groups.${String(g)}.fields.${String(f)}`)}
                    onEdit={() => setEditing(d.id)}
                  />
                )}
              />
              <Button
                mt="xs"
                variant="light"
                size="compact-sm"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => addField(g)}
              >
                {t('storeForms.field.add')}
              </Button>
            </Paper>
          ))}
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
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack
          gap="xs"
          style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 0px) + 16px)' }}
        >
          <Title order={3} size="h5">
            {t('storeForms.preview')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('storeForms.previewHint')}
          </Text>
          <div data-testid="form-preview">{preview}</div>
        </Stack>
      </Grid.Col>
      <FieldEditor
        draft={editingField}
        errors={editingErrors}
        onChange={changeField}
        onRemove={removeField}
        onClose={() => setEditing(null)}
      />
    </Grid>
  );
}
