import type { TenantDb } from '../../../db/tenant-db';
import type { FileStorage } from '../../../lib/file-storage';
import type { ThreadingOptions } from '../threading/find-case.service';
import type { ParsedMail } from './parse-mail';

export interface IngestDeps {
  /** The store the mails are for. */
  db: TenantDb;
  files: FileStorage;
  /** The parser; tests replace it to prove a parser failure keeps the mail. */
  parse?: (raw: Buffer, rawHash: string) => Promise<ParsedMail>;
}

/** Where and when mails came in, and how the store threads them. */
export interface IngestWhere {
  mailboxId?: number | null;
  receivedAt?: Date;
  /** The store's threading options (its single-open-case rule). */
  threading?: ThreadingOptions;
}

export type IngestOutcome =
  | { status: 'stored'; mailLogId: number; messageId: string }
  | { status: 'unparseable'; mailLogId: number; messageId: string; error: string }
  | { status: 'duplicate'; messageId: string }
  | { status: 'tombstoned'; messageId: string };

/** A mail whose raw file is stored: parsed with its attachments stored, or refused with the reason. */
export type PreparedMail =
  | { kind: 'parsed'; raw: Buffer; rawHash: string; parsed: ParsedMail; attachmentKeys: string[] }
  | { kind: 'unparsed'; raw: Buffer; rawHash: string; error: string };

/** Mails whose files are stored and which are parsed, ready to be committed. */
export type PreparedMails = PreparedMail[];
