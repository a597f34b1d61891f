import { z } from 'zod';

/** How a mailbox signs in to its IMAP and SMTP servers. */
export const ZMailboxKind = z.enum(['imap-password', 'imap-oauth-google', 'imap-oauth-microsoft', 'forward']);
export type TMailboxKind = z.infer<typeof ZMailboxKind>;

/** A mailbox whose last sign-in or fetch failed is `failing` (the settings warning badge). */
export const ZMailboxState = z.enum(['ok', 'failing']);
export type TMailboxState = z.infer<typeof ZMailboxState>;

/** Who a mail log is with: the case's customer, its supplier, or staff among themselves. */
export const ZMailLogType = z.enum(['customer', 'supplier', 'internal']);
export type TMailLogType = z.infer<typeof ZMailLogType>;

/** Whether a mail came in (fetched or received) or goes out (composed here). */
export const ZMailDirection = z.enum(['in', 'out']);
export type TMailDirection = z.infer<typeof ZMailDirection>;

/** Where an outgoing mail is: saved, waiting in the outbox, delivered to the SMTP server, or given up. */
export const ZMailSendState = z.enum(['draft', 'pending', 'sent', 'failed']);
export type TMailSendState = z.infer<typeof ZMailSendState>;

/** An unparseable mail keeps its raw message and can be parsed again. */
export const ZMailParseState = z.enum(['ok', 'unparseable']);
export type TMailParseState = z.infer<typeof ZMailParseState>;

/**
 * Why no automatic mail may answer a mail: an auto-reply (Auto-Submitted, X-Autoreply,
 * Precedence auto_reply), bulk or list mail (Precedence bulk/junk/list, List-Id), a delivery
 * report, or one of our own Message-IDs coming back (a loop).
 */
export const ZMailAutoKind = z.enum(['auto-reply', 'bulk', 'bounce', 'own-loop']);
export type TMailAutoKind = z.infer<typeof ZMailAutoKind>;
