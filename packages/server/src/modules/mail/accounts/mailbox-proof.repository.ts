// The statements of an address's proof: a code's hash stored, an attempt counted, the proof kept.
import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { mailboxes } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';
import type { Mailbox } from './mailbox.repository';
import {
  hashProofCode,
  PROOF_MAX_ATTEMPTS,
  PROOF_RESEND_MS,
  PROOF_TTL_MS,
  type ProofOwner,
} from './mailbox-proof';

const one = (owner: ProofOwner) => eq(mailboxes.id, owner.id);

/**
 * Stores the hash of a new code, unless one was mailed less than PROOF_RESEND_MS ago or the
 * mailbox is proven: one statement, so two requests at once cannot both mail a code. Answers
 * when it was stored, or null when refused.
 */
export async function storeProofCode(
  db: TenantDb,
  owner: ProofOwner,
  codeHash: string,
): Promise<Date | null> {
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
export async function dropProofCode(db: TenantDb, owner: ProofOwner, codeHash: string): Promise<void> {
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
  db: TenantDb,
  key: string,
  owner: ProofOwner,
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

async function whyNoSlot(
  db: TenantDb,
  owner: ProofOwner,
): Promise<'exhausted' | 'expired' | 'none' | 'already'> {
  const [row] = await db.select().from(mailboxes).where(one(owner));
  if (!row || row.verificationCodeHash === null) return row?.verifiedAt ? 'already' : 'none';
  if (row.verifiedAt) return 'already';
  if (row.verificationAttempts >= PROOF_MAX_ATTEMPTS) return 'exhausted';
  return 'expired';
}
