import { z } from 'zod';
import { ZIdText } from '../../common';
import { ZSignatures } from './signatures';

/** One of the store's mailboxes with the signature its mail carries. */
export const ZMailboxSignatures = z.object({
  mailboxId: z.number().int(),
  address: z.string(),
  signatures: ZSignatures,
});
export type TMailboxSignatures = z.infer<typeof ZMailboxSignatures>;

/** GET /v2/api/settings/mail-signatures: the store's mailboxes and their signatures (administrators). */
export const ZListMailboxSignaturesResponse = z.array(ZMailboxSignatures);
export type TListMailboxSignaturesResponse = z.infer<typeof ZListMailboxSignaturesResponse>;

/** The path of PUT /v2/api/settings/mail-signatures/{mailboxId}. */
export const ZMailboxSignaturesParams = z.object({ mailboxId: ZIdText });
export type TMailboxSignaturesParams = z.infer<typeof ZMailboxSignaturesParams>;

/** PUT /v2/api/settings/mail-signatures/{mailboxId}: replaces the mailbox's signatures. */
export const ZUpdateMailboxSignaturesRequest = z.object({ signatures: ZSignatures });
export type TUpdateMailboxSignaturesRequest = z.infer<typeof ZUpdateMailboxSignaturesRequest>;
export const ZUpdateMailboxSignaturesResponse = ZMailboxSignatures;
export type TUpdateMailboxSignaturesResponse = z.infer<typeof ZUpdateMailboxSignaturesResponse>;
