import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMailAttachment, TMailLog } from '@claimdesk/contracts';
import { RichTextField } from '../../../../components/ui/rich-text-editor';
import { usePresence } from '../../../../lib/live';
import { errorText } from '../../../../lib/notify';
import { mailComposeQuery, type TComposeTarget } from '../../api/get-mail-compose';
import { discardDraft, saveDraft } from '../../api/save-draft';
import { ComposeAttachments } from './compose-attachments';
import {
  draftRequestOf,
  fieldsOfCompose,
  fieldsOfDraft,
  isSubjectTooLong,
  subjectTooLongText,
  type TFields,
} from './compose-fields';
import { ComposeHeader } from './compose-header';
import { ComposeQuote } from './compose-quote';
import { ComposeRecipients } from './compose-recipients';
import { replyAllCc, type TComposeOpen } from './compose-target';
import { OthersWriting } from './others-writing';
import { SendOptions } from './send-options';
import { useComposeRecipients } from './use-compose-recipients';
import { useComposeSend } from './use-compose-send';
import { useComposeTemplate } from './use-compose-template';
import { useComposeUploads } from './use-compose-uploads';
import { useDraftAutosave } from './use-draft-autosave';

/**
 * An Escape that an open dropdown takes for itself: from a list or menu that is open (Mantine marks
 * its target, as the Modal reads it), or from anything in a portal (a menu's items, the send-later
 * dialog), whose events reach the compose through React but not through the page.
 */
const isDropdownEscape = (event: React.KeyboardEvent): boolean => {
  const target = event.target as Element;
  if (!event.currentTarget.contains(target)) return true;
  return Boolean(
    target.closest('[data-mantine-stop-propagation="true"], [aria-haspopup][aria-expanded="true"]'),
  );
};

interface Props {
  /** The case's workflow and id; both null for a mail without a case (no templates then). */
  workFlow: string | null;
  caseId: number | null;
  open: TComposeOpen;
  /** The case's mails (or the unmapped mail answered): who is who, the newest mail seen, the files that can go along. */
  mails: TMailLog[];
  onClose: () => void;
  /** The mail is queued; its Undo is the caller's (a toast). */
  onSent: (mail: TMailLog) => void;
}

/**
 * Writing a mail on a case, or without one: a reply, a reply to all, a forward, a new mail, or a kept draft
 * continued. Recipients as chips marked by who they are, a template, the text with the answered
 * mail's quote folded below it, attachments; kept as a draft on the server as the person types.
 * Its parts: the fields (compose-fields.ts), who is who (use-compose-recipients), the files
 * (use-compose-uploads), templates (use-compose-template), the draft (use-draft-autosave) and
 * the send (use-compose-send).
 */
export function ComposeForm({ workFlow, caseId, open, mails, onClose, onSent }: Props) {
  const { t } = useTranslation('compose');
  usePresence(caseId, 'writing');
  const target: TComposeTarget = { workFlow, caseId, sendType: open.sendType, mailLogId: open.mailLogId };
  // For a kept draft too: it brings the sender and the attachment limit.
  const prefill = useQuery(mailComposeQuery(target));
  const answered = mails.find((m) => m.id === open.mailLogId) ?? null;
  // A kept draft names no answered mail: the server keeps the thread it was saved with.
  const answersId = open.mode === 'draft' ? undefined : open.mailLogId;
  const { ownAddresses, kindOf, options } = useComposeRecipients(mails, open.sendType, prefill.data);

  const [fields, setFields] = useState<TFields | null>(() => (open.draft ? fieldsOfDraft(open.draft) : null));
  const [revision, setRevision] = useState(0);
  const [editorKey, setEditorKey] = useState(0);
  const [showCc, setShowCc] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // The first fill, once the prefilled form is in.
  useEffect(() => {
    if (fields || !prefill.data) return;
    const extraCc =
      open.mode === 'replyAll' && answered ? replyAllCc(answered, prefill.data.to, ownAddresses) : [];
    const next = fieldsOfCompose(prefill.data, extraCc);
    setFields(next);
    setShowCc(next.cc.length > 0 || next.bcc.length > 0);
  }, [fields, prefill.data, open.mode, answered, ownAddresses]);

  const change = useCallback((patch: Partial<TFields> | ((f: TFields) => Partial<TFields>)) => {
    setFields((current) =>
      current ? { ...current, ...(typeof patch === 'function' ? patch(current) : patch) } : current,
    );
    setRevision((r) => r + 1);
    setProblem(null);
  }, []);

  const caseFiles: TMailAttachment[] = useMemo(() => mails.flatMap((m) => m.attachments), [mails]);
  const maxBytes = prefill.data?.maxAttachmentBytes ?? 0;
  const newestSeen = useMemo(
    () => mails.filter((m) => m.direction === 'in').reduce((max, m) => Math.max(max, m.id), 0) || undefined,
    [mails],
  );

  const autosave = useDraftAutosave({
    type: caseId !== null ? 'claim-chat' : open.mode === 'new' ? 'unmapped-compose' : 'unmapped-chat',
    initialDraftId: open.draft?.id ?? null,
    revision,
    isEnabled: fields !== null,
    subject: fields?.subject ?? '',
    save: (draftId) => {
      if (!fields) return Promise.reject(new Error('Nothing to save'));
      return saveDraft({ ...target, mailLogId: answersId, draftId, fields: draftRequestOf(fields) });
    },
  });
  const uploads = useComposeUploads(maxBytes, setFields, () => setRevision((r) => r + 1));
  const addFiles = (chosen: File[]) => {
    if (!fields) return;
    const added = uploads.addFiles(fields, chosen);
    change((f) => ({ files: [...f.files, ...added] }));
  };
  const templates = useComposeTemplate({
    target,
    body: fields?.body ?? null,
    onFilled: (text, subject) => {
      change((f) => ({ body: text, subject: f.subject || subject }));
      setEditorKey((k) => k + 1);
    },
    onProblem: setProblem,
  });
  const sending = useComposeSend({
    target,
    answersId,
    autosave,
    kindOf,
    newestSeen,
    onSent,
    onProblem: setProblem,
  });
  const trySend = (sendAt?: string) => {
    if (fields) sending.trySend(fields, sendAt);
  };

  const close = async () => {
    await autosave.flush();
    autosave.finish();
    onClose();
  };

  const discard = async () => {
    autosave.finish();
    uploads.stopAll();
    const id = autosave.draftId();
    if (id !== null) await discardDraft(id).catch(() => undefined);
    onClose();
  };

  // Ctrl+Enter sends, Escape closes and keeps the draft, unless it closes an open dropdown first.
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      trySend();
    } else if (event.key === 'Escape' && !event.defaultPrevented && !isDropdownEscape(event)) {
      event.preventDefault();
      void close();
    }
  };

  const title = t(`title.${open.mode}`, { subject: answered?.subject ?? '' });
  const { templateKey, templateOptions, chooseTemplate } = templates;

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="compose-form"
      onKeyDown={onKeyDown}
      aria-label={title}
      role="form"
    >
      <ComposeHeader title={title} status={autosave.status} onClose={() => void close()} />
      {!fields ? (
        prefill.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={16} />}>
            {errorText(prefill.error)}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {t('loading')}
          </Text>
        )
      ) : (
        <Stack gap="sm">
          {prefill.data?.from && (
            <Text size="sm" c="dimmed">
              {t('from', {
                address: prefill.data.from.name
                  ? `${prefill.data.from.name} <${prefill.data.from.address}>`
                  : prefill.data.from.address,
              })}
            </Text>
          )}
          {caseId !== null && <OthersWriting caseId={caseId} />}
          {prefill.data?.answeredAutoKind && (
            <Alert color="yellow" icon={<IconAlertTriangle size={16} />} p="xs">
              {t('autoReplyWarning')}
            </Alert>
          )}
          <ComposeRecipients
            fields={fields}
            onChange={change}
            kindOf={kindOf}
            options={options}
            customerEmail={prefill.data?.customerEmail}
            showCc={showCc}
            onShowCc={() => setShowCc(true)}
          />
          <SimpleGrid cols={{ base: 1, sm: templateOptions.length > 0 ? 2 : 1 }} spacing="sm">
            <TextInput
              label={t('fields.subject')}
              value={fields.subject}
              onChange={(e) => change({ subject: e.currentTarget.value })}
              // Past the limit the subject is kept and named, never cut off silently.
              error={isSubjectTooLong(fields) ? subjectTooLongText() : undefined}
            />
            {templateOptions.length > 0 && (
              <Select
                label={t('fields.template')}
                placeholder={t('template.none')}
                data={templateOptions}
                value={templateKey}
                onChange={chooseTemplate}
                clearable
                searchable
              />
            )}
          </SimpleGrid>
          <RichTextField
            key={editorKey}
            initialHtml={fields.body}
            label={t('fields.body')}
            placeholder={t('editor.placeholder')}
            testId="mail-editor"
            onChange={(html, text) => change({ body: html, text })}
            onPictureTooBig={(file) => addFiles([file])}
          />
          {fields.quote && <ComposeQuote html={fields.quote} />}
          <ComposeAttachments
            files={fields.files}
            caseFiles={caseFiles}
            maxBytes={maxBytes}
            onAddFiles={addFiles}
            onAddCaseFile={(file) =>
              change((f) => ({
                files: [
                  ...f.files,
                  {
                    key: file.filePath,
                    fileName: file.fileName,
                    fileType: file.fileType,
                    size: file.size,
                    filePath: file.filePath,
                  },
                ],
              }))
            }
            onRemove={(key) => {
              uploads.stop(key);
              change((f) => ({ files: f.files.filter((file) => file.key !== key) }));
            }}
          />
          {problem && (
            <Alert
              color="red"
              icon={<IconAlertTriangle size={16} />}
              p="xs"
              role="alert"
              data-testid="compose-problem"
            >
              {problem}
            </Alert>
          )}
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => void discard()}
            >
              {t('actions.discard')}
            </Button>
            <SendOptions
              onSend={() => trySend()}
              onSendLater={(sendAt) => trySend(sendAt)}
              isSending={sending.isSending}
              undoSeconds={sending.undoSeconds}
            />
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
