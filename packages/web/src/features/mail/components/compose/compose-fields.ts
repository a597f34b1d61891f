import type { TFunction } from 'i18next';
import {
  leftPlaceholders,
  type TMailCompose,
  type TMailLog,
  type TSendMailRequest,
} from '@claimdesk/contracts';
import { fieldIssueText } from '../../../../lib/field-issue-text';
import { isFileReady, type TComposeFile } from './compose-attachments';
import { isValidAddress } from './recipient-field';
import { joinQuote, splitQuote } from './split-quote';

/** What the person is writing: the recipients, the subject, the text and its quote, the files. */
export interface TFields {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  text: string;
  quote: string;
  files: TComposeFile[];
}

/** The contract's longest subject (compose-common: at most 500 characters). */
export const SUBJECT_MAX = 500;
export const subjectTooLongText = () => fieldIssueText({ code: 'too_long', params: { max: SUBJECT_MAX } });
export const isSubjectTooLong = (fields: TFields | null) =>
  (fields?.subject.trim().length ?? 0) > SUBJECT_MAX;

const addressesOf = (list: { address: string }[]) => list.map((a) => a.address);

/** A kept draft, continued. */
export const fieldsOfDraft = (draft: TMailLog): TFields => {
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

/** The server's prefilled mail, with the others of a reply to all in copy. */
export const fieldsOfCompose = (compose: TMailCompose, extraCc: string[]): TFields => {
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

/** The mail as the send and draft calls take it: the quote joined, the files that are ready. */
export const requestOf = (f: TFields): Omit<TSendMailRequest, 'delaySeconds'> => ({
  to: f.to,
  cc: f.cc,
  bcc: f.bcc,
  subject: f.subject,
  html: joinQuote(f.body, f.quote),
  attachments: f.files
    .filter(isFileReady)
    .map((file) => (file.uploadId !== undefined ? { uploadId: file.uploadId } : { filePath: file.filePath })),
});

/** A draft keeps only the addresses that are addresses (a half-typed one is not saved). */
export const draftRequestOf = (f: TFields) => ({
  ...requestOf(f),
  to: f.to.filter(isValidAddress),
  cc: f.cc.filter(isValidAddress),
  bcc: f.bcc.filter(isValidAddress),
});

/** What stops the mail from being sent, in words, or null: checked before the send is asked. */
export function sendProblem(fields: TFields, t: TFunction<'compose'>): string | null {
  const invalid = [...fields.to, ...fields.cc, ...fields.bcc].filter((a) => !isValidAddress(a));
  const left = leftPlaceholders(`${fields.subject} ${fields.body}`);
  if (fields.to.length === 0) return t('errors.noRecipient');
  if (invalid.length > 0) return t('errors.invalidAddress', { address: invalid.join(', ') });
  if (!fields.subject.trim()) return t('errors.noSubject');
  if (isSubjectTooLong(fields)) return subjectTooLongText();
  if (left.length > 0) return t('errors.placeholder', { names: left.map((n) => `{{${n}}}`).join(', ') });
  if (fields.files.some((f) => f.progress !== undefined)) return t('errors.uploading');
  if (fields.files.some((f) => f.error !== undefined)) return t('errors.badAttachment');
  return null;
}
