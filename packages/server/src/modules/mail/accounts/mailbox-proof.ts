import { createHmac, randomInt } from 'node:crypto';
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

export type ProofOwner = Pick<Mailbox, 'tenantId' | 'id' | 'address'>;

/** Keyed SHA-256 of a code, bound to the mailbox and its address: a code proves only that claim. */
export const hashProofCode = (key: string, owner: ProofOwner, code: string): string =>
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
