import { Alert, Group, Loader, Paper, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  leftPlaceholders,
  type TCaseListRow,
  type TLanguage,
  type TPreviewMailTemplateRequest,
} from '@claimdesk/contracts';
import { LANGUAGES } from '../../../lib/constants';
import { isHttpError } from '../../../lib/http-error';
import { errorText } from '../../../lib/notify';
import { usePreviewCases } from '../api/list-preview-cases';
import { useMailTemplatePreview } from '../api/preview-mail-template';
import { serverFieldText } from '../../../lib/field-issue-text';
import { PreviewCasePicker } from './preview-case-picker';

/** How long typing must pause before the preview is drawn again. */
export const PREVIEW_DEBOUNCE_MS = 400;

interface Props {
  workFlow: string;
  subject: string;
  body: string;
  /** The template's language: the preview starts in it. */
  language: TLanguage;
}

/** A rendered mail in a frame without scripts or access to the page. */
const frameDocument = (html: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>body{font-family:system-ui,sans-serif;font-size:14px;line-height:1.5;color:#1f2328;margin:12px;overflow-wrap:anywhere}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px}</style></head><body>${html}</body></html>`;

/** The template as the chosen case's customer would get it, drawn again as the person types. */
export function TemplatePreview({ workFlow, subject, body, language }: Props) {
  const { t } = useTranslation('mailTemplates');
  // Undefined: the newest open case, once known; null: no case (its values stay empty).
  const [picked, setPicked] = useState<TCaseListRow | null | undefined>(undefined);
  const [shownLanguage, setShownLanguage] = useState<TLanguage | null>(null);
  const newest = usePreviewCases(workFlow, '');
  const theCase = picked === undefined ? (newest.data?.items[0] ?? null) : picked;
  const previewLanguage = shownLanguage ?? language;

  // Not drawn without the case until the newest one is known: no flash of empty values.
  const isCaseKnown = picked !== undefined || !newest.isPending;
  const input = JSON.stringify({ subject, body, caseId: theCase?.id ?? null, language: previewLanguage });
  const [debounced] = useDebouncedValue(isCaseKnown ? input : '', PREVIEW_DEBOUNCE_MS);
  const request = useMemo(() => {
    if (!debounced) return null;
    const parsed = JSON.parse(debounced) as TPreviewMailTemplateRequest;
    return parsed.subject.trim() && parsed.body.trim() ? parsed : null;
  }, [debounced]);
  const preview = useMailTemplatePreview(request);
  const isStale = input !== debounced || preview.isFetching;
  const isEmpty = !subject.trim() || !body.trim();

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="template-preview-title"
      // Beside the editor it stays in view while a long body scrolls by.
      style={{ position: 'sticky', top: 'var(--mantine-spacing-md)' }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id="template-preview-title">
            {t('preview.title')}
          </Title>
          {isStale && !isEmpty && <Loader size="xs" aria-label={t('preview.updating')} />}
        </Group>
        <PreviewCasePicker workFlow={workFlow} value={theCase} onChange={setPicked} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="preview-language-label">
            {t('preview.language')}
          </Text>
          <SegmentedControl
            aria-labelledby="preview-language-label"
            fullWidth
            size="xs"
            value={previewLanguage}
            onChange={(value) => setShownLanguage(value)}
            data={LANGUAGES.map((l) => ({ value: l, label: t(`common:language.names.${l}`) }))}
          />
        </Stack>
        <PreviewBody isEmpty={isEmpty} preview={preview} />
      </Stack>
    </Paper>
  );
}

function PreviewBody({
  isEmpty,
  preview,
}: {
  isEmpty: boolean;
  preview: ReturnType<typeof useMailTemplatePreview>;
}) {
  const { t } = useTranslation('mailTemplates');
  if (isEmpty)
    return (
      <Text size="sm" c="dimmed" py="md" ta="center">
        {t('preview.empty')}
      </Text>
    );
  if (preview.isError) {
    const error = preview.error;
    const fields = isHttpError(error) ? Object.entries(error.fieldErrors) : [];
    const issues = isHttpError(error) ? error.fieldIssues : {};
    return (
      <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('preview.failed')}>
        {fields.length > 0 ? (
          <Stack gap={2} data-testid="preview-errors">
            {fields.map(([field, message]) => (
              <Text size="sm" key={field}>
                {t(
                  field === 'subject' ? 'editor.subject' : field === 'body' ? 'editor.body' : 'preview.case',
                )}
                : {serverFieldText(message, issues[field])}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm">
            {isHttpError(error) && error.status === 404 ? t('preview.caseGone') : errorText(error)}
          </Text>
        )}
      </Alert>
    );
  }
  if (!preview.data) return <Loader size="sm" mx="auto" my="md" aria-label={t('preview.updating')} />;
  // Without a value or a fallback a placeholder stays as written: the compose will ask for it.
  const left = leftPlaceholders(`${preview.data.subject}\n${preview.data.text}`);
  return (
    <Stack gap="xs" aria-busy={preview.isPlaceholderData || preview.isFetching}>
      {left.length > 0 && (
        <Alert color="yellow" p="xs" data-testid="preview-left">
          <Text size="sm">
            {t('preview.left', { names: left.map((name) => `{{${name}}}`).join(', '), count: left.length })}
          </Text>
        </Alert>
      )}
      <div>
        <Text size="xs" c="dimmed">
          {t('editor.subject')}
        </Text>
        <Text fw={600} data-testid="preview-subject" style={{ overflowWrap: 'anywhere' }}>
          {preview.data.subject}
        </Text>
      </div>
      <Tabs defaultValue="html" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="html">{t('preview.asMail')}</Tabs.Tab>
          <Tabs.Tab value="text">{t('preview.asText')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="xs">
          <iframe
            title={t('preview.frameTitle')}
            sandbox=""
            srcDoc={frameDocument(preview.data.html)}
            data-testid="preview-html"
            style={{
              width: '100%',
              height: 360,
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 4,
              background: '#fff',
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="xs">
          <Text
            size="sm"
            component="pre"
            ff="monospace"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}
            data-testid="preview-text"
          >
            {preview.data.text}
          </Text>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
