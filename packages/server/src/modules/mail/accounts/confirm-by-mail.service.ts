import { simpleParser } from 'mailparser';
import type { Db } from '../../../db/client';
import { forTenant } from '../../../db/tenant-db';
import type { Mailbox } from './mailbox.repository';
import { proofCodesIn } from './mailbox-proof';
import { answerProofCode } from './mailbox-proof.repository';

/** A confirmation mail is a few kilobytes; a bigger mail to an unproven address is not read. */
const MAX_CONFIRMATION_BYTES = 256 * 1024;

/** The subject and text of a mail, where a forwarded confirmation mail carries its code. */
async function readableText(raw: Buffer): Promise<string> {
  if (raw.byteLength > MAX_CONFIRMATION_BYTES) return '';
  try {
    const mail = await simpleParser(raw, { skipHtmlToText: false, skipTextToHtml: true });
    return `${mail.subject ?? ''}\n${mail.text ?? ''}`;
  } catch {
    return '';
  }
}

/**
 * The confirmation mail of an unproven mailbox, forwarded back to the inbound receiver: the
 * address forwards to Claimdesk, which proves the store receives its mail. Each code found is
 * one attempt on the mailbox's code (as if typed), so mails of guesses get no further than the
 * attempt limit. Answers how many of the mailboxes it proved.
 */
export async function confirmByMail(
  /** The raw handle: the mailboxes may be of several stores, each answered in its own. */
  deps: { db: Db; hashKey: string },
  awaiting: Mailbox[],
  raw: Buffer,
): Promise<number> {
  const codes = proofCodesIn(await readableText(raw));
  let proven = 0;
  for (const mailbox of awaiting) {
    for (const code of codes) {
      const outcome = await answerProofCode(
        forTenant(deps.db, mailbox.tenantId),
        deps.hashKey,
        mailbox,
        code,
      );
      if (outcome.result === 'verified') proven += 1;
      if (outcome.result !== 'wrong') break;
    }
  }
  return proven;
}
