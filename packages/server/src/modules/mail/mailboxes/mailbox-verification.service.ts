import type { TSendMailboxVerificationResponse } from '@claimdesk/contracts';
import type { AppDeps } from '../../../app-deps';
import type { TenantDb } from '../../../db/tenant-db';
import { AppError, notFound } from '../../../lib/app-error';
import { getMailbox, type Mailbox } from '../accounts/mailbox.repository';
import {
  PROOF_MAX_ATTEMPTS,
  PROOF_RESEND_MS,
  PROOF_TTL_MS,
  hashProofCode,
  newProofCode,
} from '../accounts/mailbox-proof';
import { answerProofCode, dropProofCode, storeProofCode } from '../accounts/mailbox-proof.repository';

type Deps = Pick<AppDeps, 'mailer' | 'hashKey'>;

const alreadyProven = () => new AppError('CONFLICT', 'This mailbox’s address is confirmed already');

/**
 * The confirmation mail. It names no store: it goes to an address the store only says it owns,
 * so nothing a store typed is mailed to a stranger. "code XXXXXXXX" in subject and text is what
 * the inbound receiver looks for when the mail comes back through the forward.
 */
export function confirmationMail(address: string, code: string) {
  const hours = String(PROOF_TTL_MS / 3_600_000);
  return {
    to: address,
    subject: `Confirm ${address} for Claimdesk: code ${code}`,
    text:
      `A Claimdesk store asked to receive and send the mail of ${address}.\n\n` +
      `Confirmation code: ${code}\n\n` +
      'Once this address forwards its mail to Claimdesk, this mail comes back by itself and ' +
      'confirms the address; or type the code in the mailbox settings. ' +
      `The code works for ${hours} hours.\n\n` +
      'If you did not set this up, ignore this mail: Claimdesk receives nothing for this address ' +
      'and sends nothing as it until the code comes back.\n',
  };
}

/**
 * Mails a new confirmation code to the mailbox's address (the one before stops working). At most
 * once a minute per mailbox (429 with Retry-After); a mail that fails forgets its code again.
 */
export async function mailProofCode(
  deps: Deps,
  db: TenantDb,
  mailbox: Mailbox,
): Promise<TSendMailboxVerificationResponse> {
  if (mailbox.verifiedAt) throw alreadyProven();
  const code = newProofCode();
  const codeHash = hashProofCode(deps.hashKey, mailbox, code);
  const sentAt = await storeProofCode(db, mailbox, codeHash);
  if (!sentAt) {
    const now = await getMailbox(db, mailbox.id);
    if (!now) throw notFound('Mailbox');
    if (now.verifiedAt) throw alreadyProven();
    const waitMs = (now.verificationSentAt?.getTime() ?? 0) + PROOF_RESEND_MS - Date.now();
    const seconds = String(Math.max(1, Math.ceil(waitMs / 1000)));
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `A code was mailed less than a minute ago: ask again in ${seconds} seconds`,
      undefined,
      { 'retry-after': seconds },
    );
  }
  try {
    await deps.mailer.send(confirmationMail(mailbox.address, code));
  } catch (error) {
    await dropProofCode(db, mailbox, codeHash);
    throw error;
  }
  return {
    sentTo: mailbox.address,
    expiresAt: new Date(sentAt.getTime() + PROOF_TTL_MS).toISOString(),
    canResendAt: new Date(sentAt.getTime() + PROOF_RESEND_MS).toISOString(),
  };
}

async function existing(db: TenantDb, id: number): Promise<Mailbox> {
  const row = await getMailbox(db, id);
  if (!row) throw notFound('Mailbox');
  return row;
}

/** POST …/mailboxes/{id}/verification. */
export async function sendVerification(
  deps: Deps,
  db: TenantDb,
  id: number,
): Promise<TSendMailboxVerificationResponse> {
  return mailProofCode(deps, db, await existing(db, id));
}

/** POST …/mailboxes/{id}/verify: the code typed in; answers the proven mailbox. */
export async function verifyMailbox(
  deps: Pick<Deps, 'hashKey'>,
  db: TenantDb,
  id: number,
  code: string,
): Promise<Mailbox> {
  const row = await existing(db, id);
  if (row.verifiedAt) return row;
  const outcome = await answerProofCode(db, deps.hashKey, row, code);
  switch (outcome.result) {
    case 'verified':
      return outcome.mailbox;
    case 'already':
      return existing(db, id);
    case 'wrong': {
      const left = outcome.attemptsLeft;
      const message =
        left > 0
          ? `This is not the code mailed to ${row.address} (${String(left)} tries left)`
          : `This is not the code mailed to ${row.address}; ask for a new code`;
      throw new AppError('VALIDATION_FAILED', message, { code: message });
    }
    case 'exhausted':
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `${String(PROOF_MAX_ATTEMPTS)} wrong codes: ask for a new code to be mailed`,
        { code: 'Ask for a new code' },
      );
    case 'expired':
      throw new AppError('CONFLICT', 'The code has expired: ask for a new code to be mailed', {
        code: 'Ask for a new code',
      });
    case 'none':
      throw new AppError('CONFLICT', 'No code is waiting for this mailbox: ask for one to be mailed', {
        code: 'Ask for a new code',
      });
  }
}
