import { randomBytes } from 'node:crypto';

/** Domain of made-up Message-IDs (for mails that came without one); `.invalid` never resolves. */
const MADE_UP_DOMAIN = 'claimdesk.invalid';
/** Local part prefix of the Message-IDs of our own outgoing mail. */
const OWN_PREFIX = 'claimdesk.';

/**
 * One Message-ID as stored: trimmed, in angle brackets, without control characters. Null when
 * nothing usable is left.
 */
export function normaliseMessageId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex -- control characters are what we take out
  const bare = value.replace(/[\u0000-\u001f\u007f\s]+/g, '').replace(/^<+|>+$/g, '');
  if (bare.length === 0 || bare.length > 900) return null;
  return `<${bare}>`;
}

/** Every Message-ID in a References or In-Reply-To value (a string or mailparser's list). */
export function messageIdList(value: unknown): string[] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const ids: string[] = [];
  for (const part of parts) {
    if (typeof part !== 'string') continue;
    const found = part.match(/<[^<>\s]+>/g) ?? part.split(/\s+/);
    for (const candidate of found) {
      const id = normaliseMessageId(candidate);
      if (id && !ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}

/** The made-up Message-ID of a mail without one: the SHA-256 of its raw bytes, so a refetch matches. */
export const madeUpMessageId = (rawHash: string): string => `<${rawHash}@${MADE_UP_DOMAIN}>`;

/** A new Message-ID for one of our outgoing mails, naming its store's case (when there is one). */
export function ownMessageId(caseNumber: number | null, domain: string): string {
  const token = randomBytes(9).toString('base64url');
  return `<${OWN_PREFIX}${caseNumber === null ? 'mail' : `case-${String(caseNumber)}`}.${token}@${domain}>`;
}

/** Whether a Message-ID is one of ours (an outgoing mail of some store coming back). */
export const isOwnMessageId = (id: string): boolean => id.startsWith(`<${OWN_PREFIX}`);

/** The case number named by one of our Message-IDs, or null. */
export function caseNumberOfOwnId(id: string): number | null {
  const match = /^<claimdesk\.case-(\d{1,9})\./.exec(id);
  return match?.[1] ? Number(match[1]) : null;
}

/** The Message-ID header of raw bytes, read without a MIME parser (for mails the parser refused). */
export function rawMessageId(raw: Buffer): string | null {
  const end = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const head = raw.subarray(0, end >= 0 ? Math.min(end, 256 * 1024) : 256 * 1024).toString('latin1');
  const match = /^message-id:[ \t]*((?:.*)(?:\r?\n[ \t].*)*)/im.exec(head);
  return match?.[1] ? normaliseMessageId(match[1].match(/<[^<>]+>/)?.[0] ?? match[1]) : null;
}
