import { LANGUAGES, type TLanguage, type TMailboxSignatures, type TSignatures } from '@claimdesk/contracts';
import type { TenantDb } from '../../../../db/tenant-db';
import { notFound } from '../../../../lib/app-error';
import type { AuthContext } from '../../../../auth-context';
import { htmlToText } from '../compose-text';
import { sanitiseOutgoingHtml } from '../../common/mail-html';
import {
  findMailboxSignatures,
  findUserSignatures,
  listMailboxSignatures,
  updateMailboxSignatures,
  updateUserSignatures,
} from './signatures.repository';

/** Signatures as stored: cleaned as outgoing mail is, and a language without text left out. */
function cleaned(signatures: TSignatures): TSignatures {
  const kept: TSignatures = {};
  for (const language of LANGUAGES) {
    const html = signatures[language];
    if (html === undefined) continue;
    const safe = sanitiseOutgoingHtml(html).trim();
    if (htmlToText(safe).trim() !== '' || /<img\b/i.test(safe)) kept[language] = safe;
  }
  return kept;
}

export async function getMySignatures(auth: AuthContext): Promise<{ signatures: TSignatures }> {
  const signatures = await findUserSignatures(auth.db, auth.username);
  if (!signatures) throw notFound('User');
  return { signatures };
}

export async function setMySignatures(
  auth: AuthContext,
  signatures: TSignatures,
): Promise<{ signatures: TSignatures }> {
  const saved = await updateUserSignatures(auth.db, auth.username, cleaned(signatures));
  if (!saved) throw notFound('User');
  return { signatures: saved };
}

export function listMailboxesSignatures(auth: AuthContext): Promise<TMailboxSignatures[]> {
  return listMailboxSignatures(auth.db);
}

export async function setMailboxSignatures(
  auth: AuthContext,
  mailboxId: number,
  signatures: TSignatures,
): Promise<TMailboxSignatures> {
  const saved = await updateMailboxSignatures(auth.db, mailboxId, cleaned(signatures));
  if (!saved) throw notFound('Mailbox');
  return saved;
}

/** The signature in the mail's language, else in the store's; none when neither is written. */
const inLanguage = (signatures: TSignatures | undefined, languages: TLanguage[]) =>
  languages.map((l) => signatures?.[l]).find((html): html is string => Boolean(html));

/**
 * The signature block a new mail starts with: the writer's own signature, then the sending
 * mailbox's, each in the mail's language (else the store's). Null when there is none.
 */
export async function signatureBlock(
  db: TenantDb,
  who: { username: string; mailboxId: number | null },
  languages: TLanguage[],
): Promise<{ html: string; text: string } | null> {
  const [own, mailbox] = await Promise.all([
    findUserSignatures(db, who.username),
    who.mailboxId === null ? undefined : findMailboxSignatures(db, who.mailboxId),
  ]);
  const parts = [inLanguage(own, languages), inLanguage(mailbox, languages)].filter(
    (html): html is string => html !== undefined,
  );
  if (parts.length === 0) return null;
  const html = parts.join('');
  return { html, text: htmlToText(html).trim() };
}
