import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailboxes } from '../../db/mail-schema';
import type { Mailbox } from './mailbox.repository';

/** A mailed confirmation code works this long. */
export const PROOF_TTL_MS = 24 * 60 * 60 * 1000;
/** Wrong codes (typed or mailed back) a code survives; then a new one must be asked for. */
export const PROOF_MAX_ATTEMPTS = 5;
/** A new code is mailed at most this often per mailbox (the mails go to someone else's address). */
export const PROOF_RESEND_MS = 60 * 1000;

// No I, O, 0 or 1: a code read off a mail and typed in has nothing to confuse. 32^8 = 2^40 codes.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

export const newProofCode = (): string =>
  Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** A code as typed: case, spaces and dashes do not matter. */
export const normaliseProofCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');

type Owner = Pick<Mailbox, 'tenantId' | 'id' | 'address'>;

/** Keyed SHA-256 of a code, bound to the mailbox and its address: a code proves only that claim. */
export const hashProofCode = (key: string, owner: Owner, code: string): string =>
  createHmac('sha256', key)
    .update(`${owner.tenantId}\n${String(owner.id)}\n${owner.address}\n${normaliseProofCode(code)}`)
    .digest('hex');

/** True while the mailbox waits for a code that can still be answered. */
export const isAwaitingProof = (mailbox: Mailbox, now = Date.now()): boolean =>
  mailbox.verifiedAt === null &&
  mailbox.verificationCodeHash !== null &&
  mailbox.verificationSentAt !== null &&
  mailbox.verificationSentAt.getTime() > now - PROOF_TTL_MS &&
  mailbox.verificationAttempts < PROOF_MAX_ATTEMPTS;

const one = (owner: Owner) => and(eq(mailboxes.tenantId, owner.tenantId), eq(mailboxes.id, owner.id));

/**
 * Stores the hash of a new code, unless one was mailed less than PROOF_RESEND_MS ago or the
 * mailbox is proven: one statement, so two requests at once cannot both mail a code. Answers
 * when it was stored, or null when refused.
 */
export async function storeProofCode(db: Db, owner: Owner, codeHash: string): Promise<Date | null> {
  const [row] = await db
    .update(mailboxes)
    .set({
      verificationCodeHash: codeHash,
      verificationSentAt: sql`now()`,
      verificationAttempts: 0,
    })
    .where(
      and(
        one(owner),
        isNull(mailboxes.verifiedAt),
        or(
          isNull(mailboxes.verificationSentAt),
          lte(
            mailboxes.verificationSentAt,
            sql`now() - ${`${String(PROOF_RESEND_MS)} milliseconds`}::interval`,
          ),
        ),
      ),
    )
    .returning({ sentAt: mailboxes.verificationSentAt });
  return row?.sentAt ?? null;
}

/** Forgets a code whose mail could not be sent, so a new one may be asked for at once. */
export async function dropProofCode(db: Db, owner: Owner, codeHash: string): Promise<void> {
  await db
    .update(mailboxes)
    .set({ verificationCodeHash: null, verificationSentAt: null })
    .where(and(one(owner), eq(mailboxes.verificationCodeHash, codeHash)));
}

export type ProofOutcome =
  | { result: 'verified'; mailbox: Mailbox }
  | { result: 'wrong'; attemptsLeft: number }
  | { result: 'exhausted' | 'expired' | 'none' | 'already' };

/**
 * Checks a code. The attempt is counted before the comparison, in the same statement that
 * checks the limit, so parallel guesses cannot pass it; the right code then marks the mailbox
 * proven and forgets the code (only if that code is still the stored one).
 */
export async function answerProofCode(
  db: Db,
  key: string,
  owner: Owner,
  code: string,
): Promise<ProofOutcome> {
  const live = and(
    one(owner),
    isNull(mailboxes.verifiedAt),
    isNotNull(mailboxes.verificationCodeHash),
    gt(mailboxes.verificationSentAt, sql`now() - ${`${String(PROOF_TTL_MS)} milliseconds`}::interval`),
  );
  const [slot] = await db
    .update(mailboxes)
    .set({ verificationAttempts: sql`${mailboxes.verificationAttempts} + 1` })
    .where(and(live, lt(mailboxes.verificationAttempts, PROOF_MAX_ATTEMPTS)))
    .returning({
      codeHash: mailboxes.verificationCodeHash,
      address: mailboxes.address,
      attempts: mailboxes.verificationAttempts,
    });
  if (!slot?.codeHash) return { result: await whyNoSlot(db, owner) };
  const given = Buffer.from(hashProofCode(key, { ...owner, address: slot.address }, code));
  const expected = Buffer.from(slot.codeHash);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { result: 'wrong', attemptsLeft: Math.max(0, PROOF_MAX_ATTEMPTS - slot.attempts) };
  }
  const [proven] = await db
    .update(mailboxes)
    .set({
      verifiedAt: sql`now()`,
      verificationCodeHash: null,
      verificationAttempts: 0,
      updatedAt: sql`now()`,
    })
    .where(and(one(owner), isNull(mailboxes.verifiedAt), eq(mailboxes.verificationCodeHash, slot.codeHash)))
    .returning();
  return proven ? { result: 'verified', mailbox: proven } : { result: await whyNoSlot(db, owner) };
}

async function whyNoSlot(db: Db, owner: Owner): Promise<'exhausted' | 'expired' | 'none' | 'already'> {
  const [row] = await db.select().from(mailboxes).where(one(owner));
  if (!row || row.verificationCodeHash === null) return row?.verifiedAt ? 'already' : 'none';
  if (row.verifiedAt) return 'already';
  if (row.verificationAttempts >= PROOF_MAX_ATTEMPTS) return 'exhausted';
  return 'expired';
}

/**
 * The codes a confirmation mail carries ("code K7QM2XPR" in its subject and text), at most two
 * distinct ones: each costs an attempt, so a mail full of guesses gets no more than two.
 */
export function proofCodesIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/\bcode:?\s+([A-HJ-NP-Za-hj-np-z2-9]{8})\b/gi)) {
    if (match[1]) found.add(normaliseProofCode(match[1]));
    if (found.size === 2) break;
  }
  return [...found];
}
