import { z } from 'zod';
import {
  ZCreatePasswordMailbox,
  ZEmail,
  ZMailPort,
  ZText,
  type TCreateMailboxRequest,
  type TMailbox,
  type TTestMailboxSettingsRequest,
  type TUpdateMailboxRequest,
} from '@claimdesk/contracts';

/** The add/edit form: a password mailbox's fields, of which a forward mailbox uses the address only. */
export interface TMailboxForm {
  kind: 'imap-password' | 'forward';
  address: string;
  imapHost: string;
  imapPort: number;
  imapSecure: boolean;
  imapUser: string;
  imapFolder: string;
  smtpHost: string;
  smtpPort: number;
  smtpSecure: boolean;
  /** Empty: the IMAP user. */
  smtpUser: string;
  /** Empty when editing: the saved password is kept. */
  password: string;
}

export const MAILBOX_FORM_FIELDS = [
  'address',
  'imapHost',
  'imapPort',
  'imapUser',
  'imapFolder',
  'smtpHost',
  'smtpPort',
  'smtpUser',
  'password',
] as const satisfies readonly (keyof TMailboxForm)[];

/** The standard ports with TLS from the start and without it (STARTTLS). */
export const STANDARD_PORTS = {
  imap: { secure: 993, plain: 143 },
  smtp: { secure: 465, plain: 587 },
} as const;

/**
 * The contract's fields, with a password that editing may leave empty. Loose: the fields a kind
 * does not check (the kind itself among them) pass through to the submit handler.
 */
export const mailboxFormSchema = (kind: TMailboxForm['kind'], isNew: boolean) =>
  kind === 'forward'
    ? z.object({ address: ZEmail }).loose()
    : ZCreatePasswordMailbox.pick({ address: true, imapHost: true, imapUser: true, smtpHost: true })
        .extend({
          imapPort: ZMailPort,
          imapSecure: z.boolean(),
          imapFolder: ZText.trim().min(1, 'Required').max(200),
          smtpPort: ZMailPort,
          smtpSecure: z.boolean(),
          smtpUser: ZText.trim().max(320),
          password: isNew ? ZCreatePasswordMailbox.shape.password : ZText.max(1000),
        })
        .loose();

export const formDefaults = (mailbox: TMailbox | null): TMailboxForm => ({
  kind: mailbox?.kind === 'forward' ? 'forward' : 'imap-password',
  address: mailbox?.address ?? '',
  imapHost: mailbox?.imapHost ?? '',
  imapPort: mailbox?.imapPort ?? STANDARD_PORTS.imap.secure,
  imapSecure: mailbox?.imapSecure ?? true,
  imapUser: mailbox?.imapUser ?? '',
  imapFolder: mailbox?.imapFolder ?? 'INBOX',
  smtpHost: mailbox?.smtpHost ?? '',
  smtpPort: mailbox?.smtpPort ?? STANDARD_PORTS.smtp.secure,
  smtpSecure: mailbox?.smtpSecure ?? true,
  // The server fills in the IMAP user when none is given: show it empty again when they match.
  smtpUser: mailbox?.smtpUser && mailbox.smtpUser !== mailbox.imapUser ? mailbox.smtpUser : '',
  password: '',
});

const serverFields = (v: TMailboxForm) => ({
  address: v.address.trim(),
  imapHost: v.imapHost.trim(),
  imapPort: v.imapPort,
  imapSecure: v.imapSecure,
  imapUser: v.imapUser.trim(),
  imapFolder: v.imapFolder.trim(),
  smtpHost: v.smtpHost.trim(),
  smtpPort: v.smtpPort,
  smtpSecure: v.smtpSecure,
});

export const toCreateRequest = (v: TMailboxForm): TCreateMailboxRequest =>
  v.kind === 'forward'
    ? { kind: 'forward', address: v.address.trim(), isEnabled: true }
    : {
        kind: 'imap-password',
        ...serverFields(v),
        ...(v.smtpUser.trim() && { smtpUser: v.smtpUser.trim() }),
        password: v.password,
        isEnabled: true,
      };

/** Every field of the form; a password left empty keeps the saved one. */
export const toUpdateRequest = (v: TMailboxForm): TUpdateMailboxRequest =>
  v.kind === 'forward'
    ? { address: v.address.trim() }
    : {
        ...serverFields(v),
        smtpUser: v.smtpUser.trim() || null,
        ...(v.password && { password: v.password }),
      };

export const toTestRequest = (v: TMailboxForm): TTestMailboxSettingsRequest => ({
  kind: 'imap-password',
  ...serverFields(v),
  ...(v.smtpUser.trim() && { smtpUser: v.smtpUser.trim() }),
  password: v.password,
});
