import { z } from 'zod';
import { ZEmail, ZId, ZIdText, ZText } from '../../common';
import { ZWorkFlow } from '../../cases/case';
import { ZMailAutoKind, ZMailLogType } from '../mail-enums';
import { ZMailAddress } from '../mail-log';

/**
 * Who a composed mail goes to: the case's customer, its supplier, or a forward of one of the
 * case's mails to anyone (its mail log type is then the forwarded mail's).
 */
export const ZComposeSendType = z.enum(['customer', 'supplier', 'forward']);
export type TComposeSendType = z.infer<typeof ZComposeSendType>;

/** `{x}` the case's workflow and `{id}` the case id: /v2/api/claims/mails/{x}/mail-compose/{id}. */
export const ZComposeCaseParams = z.object({
  workFlow: ZWorkFlow,
  id: ZIdText,
});
export type TComposeCaseParams = z.infer<typeof ZComposeCaseParams>;

/** Most recipients in each of to, cc and bcc. */
export const MAIL_MAX_RECIPIENTS = 50;
/** Most attachments on one mail (their total size is limited by the server's configuration). */
export const MAIL_MAX_ATTACHMENTS = 50;
/** Largest request body of the compose and draft calls (the HTML may carry pasted images). */
export const MAIL_COMPOSE_BODY_LIMIT = 12 * 1024 * 1024;

export const ZRecipients = z.array(ZEmail).max(MAIL_MAX_RECIPIENTS, `At most ${String(MAIL_MAX_RECIPIENTS)}`);

/**
 * One attachment of an outgoing mail: a file uploaded with POST /v2/api/claims/mails/attachments
 * (`uploadId`), or an attachment of a stored mail of the store (`filePath`, as listed by the
 * forward compose or on a draft), never both.
 */
export const ZComposeAttachmentRef = z
  .object({
    uploadId: ZText.min(1).max(4096).optional(),
    filePath: ZText.min(1).max(100).optional(),
  })
  .refine((a) => (a.uploadId === undefined) !== (a.filePath === undefined), {
    message: 'Give either uploadId or filePath',
  });
export type TComposeAttachmentRef = z.infer<typeof ZComposeAttachmentRef>;

/** An attachment offered with a prefilled compose (the forwarded mail's files). */
export const ZComposeAttachment = z.object({
  filePath: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  size: z.number().int(),
});
export type TComposeAttachment = z.infer<typeof ZComposeAttachment>;

/**
 * A prefilled compose form. `from` is the store's sending mailbox (its first enabled one), null
 * when the store has none (the mail then goes out through the system sender). The case tag
 * `[#N]` is added to the subject when the mail is sent, not here.
 */
export const ZMailCompose = z.object({
  caseId: z.number().int().nullable(),
  caseNumber: z.number().int().nullable(),
  workFlow: z.string().nullable(),
  /** null for a new mail without a case. */
  sendType: ZComposeSendType.nullable(),
  mailLogType: ZMailLogType,
  /** The mail answered or forwarded. */
  mailLogId: z.number().int().nullable(),
  from: ZMailAddress.nullable(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** The thread headers the mail will carry (a reply's). */
  inReplyTo: z.string().nullable(),
  references: z.array(z.string()),
  attachments: z.array(ZComposeAttachment),
  templateKey: z.string().nullable(),
  /**
   * Set when the answered mail is an automatic one (auto-reply, bulk, bounce, own loop): the
   * form may warn; a person's reply is still allowed, only automatic mails never answer it.
   */
  answeredAutoKind: ZMailAutoKind.nullable(),
  /**
   * The case's customer, for a mail on the customer lane: offered to add when the reply goes to
   * someone else (a relative, a colleague), never put in by itself.
   */
  customerEmail: z.string().nullable(),
  /** The largest total size of the mail's attachments (MAIL_MAX_ATTACHMENT_BYTES), checked before an upload. */
  maxAttachmentBytes: z.number().int(),
});
export type TMailCompose = z.infer<typeof ZMailCompose>;

/** The fields of a mail to send or to keep as a draft. */
export const ZComposeFields = z.object({
  to: ZRecipients.default([]),
  cc: ZRecipients.default([]),
  bcc: ZRecipients.default([]),
  subject: ZText.trim().max(500, 'At most 500 characters').default(''),
  /** Sanitised on the server before it is stored and sent. */
  html: ZText.max(MAIL_COMPOSE_BODY_LIMIT).default(''),
  /** Derived from the HTML when not given. */
  text: ZText.max(MAIL_COMPOSE_BODY_LIMIT).optional(),
  attachments: z
    .array(ZComposeAttachmentRef)
    .max(MAIL_MAX_ATTACHMENTS, `At most ${String(MAIL_MAX_ATTACHMENTS)} attachments`)
    .default([]),
});
export type TComposeFields = z.infer<typeof ZComposeFields>;

/** The longest undo window, in seconds (a person's setting is 0 to this). */
export const MAIL_MAX_UNDO_SECONDS = 30;
/** How far ahead "send later" may be set, in days. */
export const MAIL_MAX_SEND_LATER_DAYS = 365;

/** A moment with its offset, e.g. 2026-11-26T08:00:00+01:00 or …Z. */
export const ZSendAtText = z.iso.datetime({ offset: true, message: 'A date and time with its offset' });

/** Whether a well-formed time is within (from, to] ms of now; a malformed one is the format's error. */
const isWithin = (value: string, fromMs: number, toMs: number): boolean => {
  const at = Date.parse(value);
  return Number.isNaN(at) || (at > Date.now() + fromMs && at <= Date.now() + toMs);
};

/**
 * "Send later": the moment the mail leaves, in the future and at most
 * MAIL_MAX_SEND_LATER_DAYS ahead (checked against the clock when the request is read).
 */
export const ZSendAt = ZSendAtText.refine((value) => isWithin(value, 0, Infinity), {
  message: 'Choose a time in the future',
}).refine((value) => isWithin(value, -Infinity, MAIL_MAX_SEND_LATER_DAYS * 86_400_000), {
  message: `At most ${String(MAIL_MAX_SEND_LATER_DAYS)} days ahead`,
});

/**
 * When a mail may leave, and the held send. `delaySeconds` is the undo window: the mail waits in
 * the outbox that long (PUT …/mails/{id}/cancel-send takes it back meanwhile); left out, it
 * leaves at once. `sendAt` sends it later instead (the window is then ignored); it is taken back
 * to a draft if the customer writes on the case before then. `seenMailId` is the newest inbound
 * mail of the case the person had on screen: when the case has a newer one, the send is refused
 * (409 CONFLICT, fieldErrors.seenMailId the newer mail's id) and nothing is queued.
 */
export const ZSendTiming = z.object({
  delaySeconds: z
    .number()
    .int('Whole seconds')
    .min(0, 'At least 0')
    .max(MAIL_MAX_UNDO_SECONDS, `At most ${String(MAIL_MAX_UNDO_SECONDS)}`)
    .default(0),
  sendAt: ZSendAt.optional(),
  seenMailId: ZId.optional(),
});
export type TSendTiming = z.infer<typeof ZSendTiming>;

/** A mail to send: at least one recipient in `to`, and a subject; when it leaves (ZSendTiming). */
export const ZSendFields = ZComposeFields.extend({
  to: ZRecipients.min(1, 'At least one recipient'),
  subject: ZText.trim().min(1, 'Required').max(500, 'At most 500 characters'),
}).extend(ZSendTiming.shape);
export type TSendFields = z.infer<typeof ZSendFields>;
