import {
  Alert,
  Anchor,
  Button,
  Collapse,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconTrash, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  leftPlaceholders,
  type TMailAttachment,
  type TMailCompose,
  type TMailLog,
  type TSendMailRequest,
} from '@claimdesk/contracts';
import { RichTextField } from '../../../../components/ui/rich-text-editor';
import { fieldIssueText } from '../../../../lib/field-issue-text';
import { isHttpError } from '../../../../lib/http-error';
import { usePresence } from '../../../../lib/live';
import { OthersWriting } from './others-writing';
import { errorText } from '../../../../lib/notify';
import { useContactPersons } from '../../api/contact-persons';
import { getMailCompose, mailComposeQuery, type TComposeTarget } from '../../api/get-mail-compose';
import { useWorkflowTemplates } from '../../api/list-mail-templates';
import { discardDraft, saveDraft } from '../../api/save-draft';
import { useSendMail } from '../../api/send-mail';
import { uploadAttachment } from '../../api/upload-attachment';
import { formatFileSize } from '../../lib/attachment-kind';
import { formatMailTime } from '../../lib/mail-format';
import { ComposeAttachments, isFileReady, type TComposeFile } from './compose-attachments';
import { replyAllCc, type TComposeOpen } from './compose-target';
import { CustomerOffer } from './customer-offer';
import { RecipientField, isValidAddress, type TAddressOption } from './recipient-field';
import { crossedRecipients, recipientKinds } from './recipient-kinds';
import { joinQuote, splitQuote } from './split-quote';
import { SendOptions, useUndoSeconds } from './send-options';
import { useDraftAutosave } from './use-draft-autosave';

interface TFields {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  text: string;
  quote: string;
  files: TComposeFile[];
}

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

/** The contract's longest subject (compose-common: at most 500 characters). */
const SUBJECT_MAX = 500;
const subjectTooLongText = () => fieldIssueText({ code: 'too_long', params: { max: SUBJECT_MAX } });

const addressesOf = (list: { address: string }[]) => list.map((a) => a.address);

const fieldsOfDraft = (draft: TMailLog): TFields => {
  const { body, quote } = splitQuote(draft.html ?? '');
  return {
    to: addressesOf(draft.to),
    cc: addressesOf(draft.cc),
    bcc: addressesOf(draft.bcc),
    subject: draft.subject,
    body,
    text: draft.text ?? '',
    quote,
    files: draft.attachments
      .filter((a) => !a.isInline)
      .map((a) => ({
        key: a.filePath,
        fileName: a.fileName,
        fileType: a.fileType,
        size: a.size,
        filePath: a.filePath,
      })),
  };
};

const fieldsOfCompose = (compose: TMailCompose, extraCc: string[]): TFields => {
  const { body, quote } = splitQuote(compose.html);
  return {
    to: compose.to,
    cc: [...compose.cc, ...extraCc],
    bcc: compose.bcc,
    subject: compose.subject,
    body,
    text: compose.text,
    quote,
    files: compose.attachments.map((a) => ({ key: a.filePath, ...a })),
  };
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
 */
export function ComposeForm({ workFlow, caseId, open, mails, onClose, onSent }: Props) {
  const { t, i18n } = useTranslation('compose');
  usePresence(caseId, 'writing');
  const target: TComposeTarget = { workFlow, caseId, sendType: open.sendType, mailLogId: open.mailLogId };
  // For a kept draft too: it brings the sender and the attachment limit.
  const prefill = useQuery(mailComposeQuery(target));
  const contactPersons = useContactPersons();
  const templates = useWorkflowTemplates(workFlow, open.sendType);
  const answered = mails.find((m) => m.id === open.mailLogId) ?? null;
  // A kept draft names no answered mail: the server keeps the thread it was saved with.
  const answersId = open.mode === 'draft' ? undefined : open.mailLogId;
  const ownAddresses = useMemo(
    () =>
      [
        prefill.data?.from?.address,
        ...mails.filter((m) => m.direction === 'out').map((m) => m.from?.address),
      ].filter((a): a is string => Boolean(a)),
    [prefill.data, mails],
  );

  const [fields, setFields] = useState<TFields | null>(() => (open.draft ? fieldsOfDraft(open.draft) : null));
  const [revision, setRevision] = useState(0);
  const [editorKey, setEditorKey] = useState(0);
  const [showCc, setShowCc] = useState(false);
  const [showQuote, setShowQuote] = useState(false);
  const [templateKey, setTemplateKey] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [newerMailId, setNewerMailId] = useState<number | null>(null);
  const uploads = useRef(new Map<string, AbortController>());

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

  const kindOf = useMemo(
    () =>
      recipientKinds({
        mails,
        contactPersons: contactPersons.data ?? [],
        customerAddress: open.sendType === 'customer' ? (prefill.data?.customerEmail ?? null) : null,
        ownAddresses,
      }),
    [mails, contactPersons.data, open.sendType, prefill.data, ownAddresses],
  );
  const options: TAddressOption[] = useMemo(() => {
    const seen = new Map<string, TAddressOption>();
    for (const person of contactPersons.data ?? [])
      seen.set(person.email.toLowerCase(), {
        address: person.email,
        name: person.fullName,
        kind: 'supplier',
      });
    for (const mail of mails)
      for (const a of [mail.from, ...mail.to, ...mail.cc])
        if (a && !seen.has(a.address.toLowerCase()))
          seen.set(a.address.toLowerCase(), {
            address: a.address,
            name: a.name ?? '',
            kind: kindOf(a.address),
          });
    return [...seen.values()];
  }, [contactPersons.data, mails, kindOf]);

  const caseFiles: TMailAttachment[] = useMemo(() => mails.flatMap((m) => m.attachments), [mails]);
  const maxBytes = prefill.data?.maxAttachmentBytes ?? 0;
  const newestSeen = useMemo(
    () => mails.filter((m) => m.direction === 'in').reduce((max, m) => Math.max(max, m.id), 0) || undefined,
    [mails],
  );

  const body = (f: TFields): Omit<TSendMailRequest, 'delaySeconds'> => ({
    to: f.to,
    cc: f.cc,
    bcc: f.bcc,
    subject: f.subject,
    html: joinQuote(f.body, f.quote),
    attachments: f.files
      .filter(isFileReady)
      .map((file) =>
        file.uploadId !== undefined ? { uploadId: file.uploadId } : { filePath: file.filePath },
      ),
  });

  const autosave = useDraftAutosave({
    type: caseId !== null ? 'claim-chat' : open.mode === 'new' ? 'unmapped-compose' : 'unmapped-chat',
    initialDraftId: open.draft?.id ?? null,
    revision,
    isEnabled: fields !== null,
    subject: fields?.subject ?? '',
    save: (draftId) => {
      if (!fields) return Promise.reject(new Error('Nothing to save'));
      return saveDraft({
        workFlow,
        caseId,
        sendType: open.sendType,
        mailLogId: answersId,
        draftId,
        fields: {
          ...body(fields),
          to: fields.to.filter(isValidAddress),
          cc: fields.cc.filter(isValidAddress),
          bcc: fields.bcc.filter(isValidAddress),
        },
      });
    },
  });

  const send = useSendMail({ mutationConfig: { meta: { handlesErrors: true } } });
  const undoSeconds = useUndoSeconds();

  const addFiles = (chosen: File[]) => {
    if (!fields) return;
    const used = fields.files.reduce((sum, f) => sum + (f.error ? 0 : f.size), 0);
    let total = used;
    const added: TComposeFile[] = chosen.map((file, i) => {
      total += file.size;
      const key = `upload-${String(Date.now())}-${String(i)}`;
      const isTooBig = maxBytes > 0 && total > maxBytes;
      if (isTooBig) total -= file.size;
      return {
        key,
        fileName: file.name,
        fileType: file.type || 'application/octet-stream',
        size: file.size,
        ...(isTooBig
          ? { error: t('attachments.tooBig', { max: formatFileSize(maxBytes, i18n.language) }) }
          : { progress: 0 }),
      };
    });
    change((f) => ({ files: [...f.files, ...added] }));
    added.forEach((entry, i) => {
      const file = chosen[i];
      if (entry.error !== undefined || !file) return;
      const controller = new AbortController();
      uploads.current.set(entry.key, controller);
      const patchFile = (patch: Partial<TComposeFile>) =>
        setFields((current) =>
          current
            ? { ...current, files: current.files.map((f) => (f.key === entry.key ? { ...f, ...patch } : f)) }
            : current,
        );
      uploadAttachment(file, {
        signal: controller.signal,
        onProgress: (share) => patchFile({ progress: share }),
      })
        .then((receipt) => {
          patchFile({ uploadId: receipt.uploadId, progress: undefined });
          setRevision((r) => r + 1);
        })
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          patchFile({ progress: undefined, error: errorText(error) });
        })
        .finally(() => uploads.current.delete(entry.key));
    });
  };

  const applyTemplate = async (key: string) => {
    try {
      const filled = await getMailCompose({ ...target, templateKey: key, language: null });
      const { body: text } = splitQuote(filled.html);
      change((f) => ({ body: text, subject: f.subject || filled.subject }));
      setEditorKey((k) => k + 1);
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  // A template replaces the text: what the person wrote is only replaced once they agree.
  const chooseTemplate = (key: string | null) => {
    setTemplateKey(key);
    if (!key || !fields) return;
    const hasText = new DOMParser().parseFromString(fields.body, 'text/html').body.textContent?.trim();
    if (!hasText) return void applyTemplate(key);
    modals.openConfirmModal({
      title: t('template.replaceTitle'),
      children: <Text size="sm">{t('template.replaceText')}</Text>,
      labels: { confirm: t('template.replace'), cancel: t('template.keep') },
      onConfirm: () => void applyTemplate(key),
      onCancel: () => setTemplateKey(null),
    });
  };

  const close = async () => {
    await autosave.flush();
    autosave.finish();
    onClose();
  };

  const discard = async () => {
    autosave.finish();
    uploads.current.forEach((c) => c.abort());
    const id = autosave.draftId();
    if (id !== null) await discardDraft(id).catch(() => undefined);
    onClose();
  };

  const reallySend = async (f: TFields, sendAt?: string) => {
    try {
      await autosave.flush();
      const mail = await send.mutateAsync({
        workFlow,
        caseId,
        sendType: open.sendType,
        mailLogId: answersId,
        draftId: autosave.draftId(),
        body: {
          ...body(f),
          ...(sendAt ? { sendAt } : {}),
          delaySeconds: undoSeconds,
          seenMailId: newerMailId ?? newestSeen,
        },
      });
      autosave.finish();
      onSent(mail);
    } catch (error) {
      if (isHttpError(error) && error.status === 409 && error.fieldErrors.seenMailId) {
        setNewerMailId(Number(error.fieldErrors.seenMailId));
        setProblem(t('errors.newerMail'));
        return;
      }
      const fieldMessage = isHttpError(error) ? Object.values(error.fieldErrors)[0] : undefined;
      setProblem(fieldMessage ? `${errorText(error)} ${fieldMessage}` : errorText(error));
    }
  };

  const trySend = (sendAt?: string) => {
    if (!fields) return;
    const all = [...fields.to, ...fields.cc, ...fields.bcc];
    const invalid = all.filter((a) => !isValidAddress(a));
    const left = leftPlaceholders(`${fields.subject} ${fields.body}`);
    if (fields.to.length === 0) return setProblem(t('errors.noRecipient'));
    if (invalid.length > 0) return setProblem(t('errors.invalidAddress', { address: invalid.join(', ') }));
    if (!fields.subject.trim()) return setProblem(t('errors.noSubject'));
    if (fields.subject.trim().length > SUBJECT_MAX) return setProblem(subjectTooLongText());
    if (left.length > 0)
      return setProblem(t('errors.placeholder', { names: left.map((n) => `{{${n}}}`).join(', ') }));
    if (fields.files.some((f) => f.progress !== undefined)) return setProblem(t('errors.uploading'));
    if (fields.files.some((f) => f.error !== undefined)) return setProblem(t('errors.badAttachment'));
    const crossed = crossedRecipients(open.sendType, all, kindOf);
    if (crossed.length === 0) return void reallySend(fields, sendAt);
    modals.openConfirmModal({
      title: t(`confirmCrossed.title.${open.sendType}`),
      children: (
        <Text size="sm">{t(`confirmCrossed.text.${open.sendType}`, { addresses: crossed.join(', ') })}</Text>
      ),
      labels: { confirm: t('confirmCrossed.confirm'), cancel: t('confirmCrossed.cancel') },
      onConfirm: () => void reallySend(fields, sendAt),
    });
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

  const isSubjectTooLong = (fields?.subject.trim().length ?? 0) > SUBJECT_MAX;
  const subjectTooLong = subjectTooLongText();

  const title = t(`title.${open.mode}`, { subject: answered?.subject ?? '' });
  const status = autosave.status;
  const templateOptions = useMemo(() => {
    // A built-in template by its name in the UI language; a store's own by its key written as words.
    const templateName = (key: string) =>
      t(`template.names.${key}`, {
        defaultValue: key.charAt(0).toUpperCase() + key.slice(1).replace(/-/g, ' '),
      });
    const keys = (templates.data ?? []).filter((tpl) => !tpl.isDisabled).map((tpl) => tpl.key);
    return [...new Set(keys)].map((key) => ({ value: key, label: templateName(key) }));
  }, [templates.data, t]);

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
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Text fw={600} style={{ flex: '1 1 200px', minWidth: 0 }} lineClamp={2}>
          {title}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text
            size="xs"
            c={status.kind === 'failed' ? 'red' : 'dimmed'}
            data-testid="draft-status"
            aria-live="polite"
          >
            {status.kind === 'saving' && t('draft.saving')}
            {status.kind === 'saved' &&
              t('draft.saved', {
                time: formatMailTime(status.at.toISOString(), i18n.language, true),
              })}
            {status.kind === 'failed' && t('draft.failed')}
          </Text>
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => void close()}
          >
            {t('actions.close')}
          </Button>
        </Group>
      </Group>
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
          <RecipientField
            label={t('fields.to')}
            value={fields.to}
            onChange={(to) => change({ to })}
            kindOf={kindOf}
            options={options}
            autoFocus={fields.to.length === 0}
          />
          <CustomerOffer
            customerEmail={prefill.data?.customerEmail}
            recipients={[...fields.to, ...fields.cc, ...fields.bcc]}
            onAdd={(address) => change((f) => ({ to: [...f.to, address] }))}
          />
          {showCc ? (
            <>
              <RecipientField
                label={t('fields.cc')}
                value={fields.cc}
                onChange={(cc) => change({ cc })}
                kindOf={kindOf}
                options={options}
              />
              <RecipientField
                label={t('fields.bcc')}
                value={fields.bcc}
                onChange={(bcc) => change({ bcc })}
                kindOf={kindOf}
                options={options}
              />
            </>
          ) : (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setShowCc(true)}
              w="fit-content"
            >
              {t('actions.showCc')}
            </Anchor>
          )}
          <SimpleGrid cols={{ base: 1, sm: templateOptions.length > 0 ? 2 : 1 }} spacing="sm">
            <TextInput
              label={t('fields.subject')}
              value={fields.subject}
              onChange={(e) => change({ subject: e.currentTarget.value })}
              // Past the limit the subject is kept and named, never cut off silently.
              error={isSubjectTooLong ? subjectTooLong : undefined}
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
          {fields.quote && (
            <div>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setShowQuote((s) => !s)}
                aria-expanded={showQuote}
              >
                {showQuote ? t('quote.hide') : t('quote.show')}
              </Anchor>
              <Collapse expanded={showQuote}>
                {/* The quote is the server's sanitised HTML of a stored mail. */}
                <div
                  className="compose-quote"
                  data-testid="compose-quote"
                  dangerouslySetInnerHTML={{ __html: fields.quote }}
                />
              </Collapse>
            </div>
          )}
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
              uploads.current.get(key)?.abort();
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
              isSending={send.isPending}
              undoSeconds={undoSeconds}
            />
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
