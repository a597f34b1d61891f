import { Alert, Button, Code, Group, JsonInput, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconGitCompare, IconRefresh } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStoredProperty } from '@claimdesk/contracts';
import { isHttpError } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteProperty } from '../api/delete-property';
import { findProperty } from '../api/find-property';
import type { TPropertyLevel } from '../api/list-properties';
import { useSaveProperty } from '../api/save-property';
import { checkDocument, problemsOf, type TProblem } from '../lib/check-document';
import type { TDocumentEntry } from '../lib/document-catalog';
import { formatWithPathLines } from '../lib/json-lines';
import { DocumentStatus } from './document-status';
import { ProblemList, goToLine } from './problem-list';
import { ResetModal, ReviewModal } from './editor-modals';

/** What the edit started from: the stored document (or none, so the fallback), and its text. */
interface TBaseline {
  stored: TStoredProperty | null;
  text: string;
}

const format = (value: unknown) => formatWithPathLines(value).text;
const baselineOf = (stored: TStoredProperty | null, fallback: unknown): TBaseline => ({
  stored,
  text: format(stored ? stored.value : fallback),
});

/** Edits one document as formatted JSON: checked as you type, reviewed as a diff, saved at the version read. */
export function DocumentEditor({ entry, level }: { entry: TDocumentEntry; level: TPropertyLevel }) {
  const { t } = useTranslation('settings');
  const [baseline, setBaseline] = useState<TBaseline>(() => baselineOf(entry.own, entry.fallback.value));
  const [text, setText] = useState(baseline.text);
  const [serverProblems, setServerProblems] = useState<TProblem[] | null>(null);
  const [hasConflict, setConflict] = useState(false);
  const [modal, setModal] = useState<'review' | 'reset' | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  // A 409 shows the conflict alert, field errors the problem list; the rest is the screen's toast.
  const save = useSaveProperty({ mutationConfig: { meta: { handlesErrors: true } } });
  const remove = useDeleteProperty();

  const check = useMemo(() => checkDocument(entry.name, text), [entry.name, text]);
  const isDirty = (check.kind === 'ok' ? check.formatted : text) !== baseline.text;
  const problems = check.kind === 'schema' ? check.problems : (serverProblems ?? []);

  const restart = (next: TBaseline) => {
    setBaseline(next);
    setText(next.text);
    setServerProblems(null);
    setConflict(false);
    setModal(null);
  };

  const onSave = () => {
    if (check.kind !== 'ok') return;
    save.mutate(
      { level, name: entry.name, value: check.value, stored: baseline.stored },
      {
        onSuccess: (saved) => {
          restart(baselineOf(saved, null));
          notifySuccess(t('storeConfigs.saved', { name: entry.name }));
        },
        onError: (error) => {
          setModal(null);
          if (isHttpError(error) && error.status === 409) setConflict(true);
          else if (isHttpError(error) && error.status === 400 && Object.keys(error.fieldErrors).length > 0)
            setServerProblems(problemsOf(error.fieldErrors, check.value, text));
          else notifyError(error);
        },
      },
    );
  };

  const onReset = () => {
    if (!baseline.stored) return;
    remove.mutate(
      { level, id: baseline.stored.id, name: entry.name },
      {
        onSuccess: () => {
          restart(baselineOf(null, entry.fallback.value));
          notifySuccess(t('storeConfigs.resetDone', { name: entry.name }));
        },
        onError: () => setModal(null),
      },
    );
  };

  /** Takes the latest stored document as the new starting point and keeps the text being edited. */
  const onLoadLatest = async () => {
    try {
      const latest = await findProperty(level, entry.name);
      setBaseline(baselineOf(latest, entry.fallback.value));
      setConflict(false);
    } catch (error) {
      notifyError(error);
    }
  };

  const hasError = check.kind === 'syntax' || problems.length > 0;

  return (
    <Paper withBorder p="lg" data-testid="config-editor" data-document={entry.name}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} align="flex-start">
            <Title order={2} size="h3">
              {t(`storeConfigs.doc.${entry.kind}`)}
            </Title>
            <Code>{entry.name}</Code>
          </Stack>
          <DocumentStatus entry={entry} level={level} stored={baseline.stored} />
        </Group>

        {entry.isOwnInvalid && baseline.stored?.id === entry.own?.id && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('storeConfigs.invalidStored')}
          </Alert>
        )}
        {hasConflict && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('storeConfigs.conflictTitle')}
            data-testid="config-conflict"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('storeConfigs.conflict')}</Text>
              <Button
                size="xs"
                variant="light"
                color="red.9"
                leftSection={<IconRefresh size={14} />}
                onClick={() => void onLoadLatest()}
              >
                {t('storeConfigs.loadLatest')}
              </Button>
            </Stack>
          </Alert>
        )}

        {check.kind === 'syntax' && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="config-syntax"
          >
            {t('storeConfigs.syntaxError', { message: check.message })}
          </Alert>
        )}
        {problems.length > 0 && (
          <ProblemList problems={problems} onGoToLine={(line) => goToLine(textarea.current, line)} />
        )}
        <JsonInput
          ref={textarea}
          label={t('storeConfigs.editorLabel')}
          description={t('storeConfigs.editorHint')}
          value={text}
          onChange={(next) => {
            setText(next);
            setServerProblems(null);
          }}
          formatOnBlur
          autosize
          minRows={14}
          maxRows={24}
          spellCheck={false}
          error={hasError}
          styles={{
            input: {
              fontFamily: 'var(--mantine-font-family-monospace)',
              fontSize: 'var(--mantine-font-size-sm)',
              color: 'var(--mantine-color-text)',
            },
          }}
          data-testid="config-json"
        />

        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button
            variant="subtle"
            color="dark"
            leftSection={<IconArrowBackUp size={16} />}
            disabled={!baseline.stored}
            onClick={() => setModal('reset')}
            data-testid="config-reset"
          >
            {t('storeConfigs.reset')}
          </Button>
          <Group gap="sm">
            <Button variant="default" disabled={!isDirty} onClick={() => restart(baseline)}>
              {t('storeConfigs.discard')}
            </Button>
            <Button
              leftSection={<IconGitCompare size={16} />}
              disabled={!isDirty || check.kind !== 'ok'}
              onClick={() => setModal('review')}
              data-testid="config-review"
            >
              {t('storeConfigs.review')}
            </Button>
          </Group>
        </Group>
      </Stack>

      <ReviewModal
        opened={modal === 'review'}
        name={entry.name}
        before={baseline.text}
        after={check.kind === 'ok' ? check.formatted : baseline.text}
        isSaving={save.isPending}
        onSave={onSave}
        onClose={() => setModal(null)}
      />
      <ResetModal
        opened={modal === 'reset'}
        name={entry.name}
        fallbackSource={entry.fallback.source}
        before={baseline.text}
        after={format(entry.fallback.value)}
        isResetting={remove.isPending}
        onReset={onReset}
        onClose={() => setModal(null)}
      />
    </Paper>
  );
}
