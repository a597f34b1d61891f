import type { TCreateMailboxRequest, TUpdateMailboxRequest } from '@claimdesk/contracts';
import { REMOVED_AUTHORIZATION_ERROR } from '@claimdesk/contracts';
import type { AppDeps } from '../../../app-deps';
import type { TenantDb } from '../../../db/tenant-db';
import { AppError, notFound } from '../../../lib/app-error';
import {
  countPendingSends,
  countUnprovenMailboxes,
  deleteMailboxKeepingMail,
  getMailbox,
  insertMailbox,
  listMailboxes,
  lockMailbox,
  MAILBOX_SERVER_FIELDS,
  updateMailbox,
  type Mailbox,
  type MailboxPatch,
} from '../accounts/mailbox.repository';
import { claimingAddress } from '../accounts/mailbox-claim';
import { providerOfKind } from '../accounts/oauth-providers';
import { mailProofCode } from './mailbox-verification.service';
import { passwordMailboxFields } from './password-mailbox';
import type { AuditActor } from '../../audit/audit.repository';
import { mailboxDiff, mailboxSettings, recordMailbox } from './mailbox-audit';

type Deps = Pick<AppDeps, 'db' | 'secrets' | 'mailer' | 'hashKey'>;

/** Called when a confirmation mail could not be sent (the mailbox is kept; a new code can be asked for). */
export type OnMailError = (error: unknown) => void;

/** Mails the confirmation code of a mailbox that is new or has a new address; the answer is the mailbox. */
async function askForProof(
  deps: Deps,
  db: TenantDb,
  row: Mailbox,
  onMailError: OnMailError,
): Promise<Mailbox> {
  try {
    await mailProofCode(deps, db, row);
  } catch (error) {
    onMailError(error);
  }
  return (await getMailbox(db, row.id)) ?? row;
}

/** The store's mailboxes, oldest first (the routes answer them through mailbox-view). */
export function listStoreMailboxes(db: TenantDb): Promise<Mailbox[]> {
  return listMailboxes(db);
}

async function existing(db: TenantDb, id: number): Promise<Mailbox> {
  const row = await getMailbox(db, id);
  if (!row) throw notFound('Mailbox');
  return row;
}

/**
 * Unproven mailboxes a store may hold at once: each mails a code to an address nobody has shown
 * to be the store's, so a store cannot use claims to mail strangers in bulk.
 */
export const MAX_UNPROVEN_MAILBOXES = 5;

async function assertRoomForClaim(db: TenantDb): Promise<void> {
  if ((await countUnprovenMailboxes(db)) >= MAX_UNPROVEN_MAILBOXES) {
    throw new AppError(
      'CONFLICT',
      `The store already has ${String(MAX_UNPROVEN_MAILBOXES)} mailboxes waiting for their confirmation; prove or delete one first`,
      { address: 'Too many mailboxes wait for their confirmation' },
    );
  }
}

/**
 * A new mailbox, unproven: the address must be free in every store (409 otherwise, from the
 * unique index), and a confirmation code is mailed to it.
 */
export async function createMailbox(
  deps: Deps,
  db: TenantDb,
  actor: AuditActor,
  input: TCreateMailboxRequest,
  onMailError: OnMailError,
): Promise<Mailbox> {
  await assertRoomForClaim(db);
  const row = await claimingAddress({ db: deps.db, address: input.address, tenantId: db.tenantId }, () =>
    db.transaction(async (tx) => {
      const inserted =
        input.kind === 'forward'
          ? await insertMailbox(tx, deps.secrets, {
              kind: 'forward',
              address: input.address,
              isEnabled: input.isEnabled,
            })
          : await insertMailbox(tx, deps.secrets, {
              ...passwordMailboxFields(input),
              secret: input.password,
              isEnabled: input.isEnabled,
            });
      await recordMailbox(tx, actor, 'mailbox.added', inserted.address, {
        after: {
          ...mailboxSettings(inserted),
          ...(input.kind !== 'forward' && { password: input.password }),
        },
      });
      return inserted;
    }),
  );
  return askForProof(deps, db, row, onMailError);
}

/** Changes what the request gives; a new IMAP server, user or folder starts the fetch position over. */
export async function updateMailboxSettings(
  deps: Deps,
  db: TenantDb,
  actor: AuditActor,
  id: number,
  input: TUpdateMailboxRequest,
  onMailError: OnMailError,
): Promise<Mailbox> {
  const { tenantId } = db;
  const row = await existing(db, id);
  const { password, ...fields } = input;
  if (row.kind === 'forward') {
    const wrong =
      MAILBOX_SERVER_FIELDS.find((field) => fields[field] !== undefined) ?? (password ? 'password' : null);
    if (wrong) {
      throw new AppError('VALIDATION_FAILED', 'A forward mailbox has no mail servers to set', {
        [wrong]: 'Not used by a forward mailbox',
      });
    }
  }
  if (password !== undefined && row.kind !== 'imap-password') {
    throw new AppError('VALIDATION_FAILED', 'This mailbox signs in with its provider, not a password', {
      password: 'Sign in with the provider instead',
    });
  }
  const patch: MailboxPatch = { ...fields, updatedAt: new Date() };
  if (password !== undefined) patch.secretEncrypted = deps.secrets.seal(tenantId, password);
  const isNewFolder = (['imapHost', 'imapPort', 'imapUser', 'imapFolder'] as const).some(
    (field) => fields[field] !== undefined && fields[field] !== row[field],
  );
  if (isNewFolder) Object.assign(patch, { uidValidity: null, lastUid: 0 });
  // A new address is a new claim: unproven (it neither receives nor sends) until its code comes back.
  const isNewAddress = fields.address !== undefined && fields.address !== row.address;
  if (isNewAddress && row.verifiedAt !== null) await assertRoomForClaim(db);
  if (isNewAddress) {
    Object.assign(patch, {
      verifiedAt: null,
      verificationCodeHash: null,
      verificationSentAt: null,
      verificationAttempts: 0,
    });
  }
  const updated = await claimingAddress(
    { db: deps.db, address: input.address ?? row.address, tenantId },
    () =>
      db.transaction(async (tx) => {
        if (isNewAddress && (await lockMailbox(tx, id))) {
          // Those mails' bytes are from the old address, which the store is giving up.
          const pending = await countPendingSends(tx, id);
          if (pending > 0) {
            throw new AppError(
              'CONFLICT',
              `${String(pending)} mail(s) from ${row.address} still wait to be sent; change the address once they are sent or failed`,
              { address: 'Mails from the current address still wait to be sent' },
            );
          }
        }
        const changed = await updateMailbox(tx, id, patch);
        if (changed) {
          const diff = mailboxDiff(row, changed);
          await recordMailbox(tx, actor, 'mailbox.changed', changed.address, {
            before: diff.before,
            after: { ...diff.after, ...(password !== undefined && { password }) },
          });
        }
        return changed;
      }),
  );
  if (!updated) throw notFound('Mailbox');
  return isNewAddress ? askForProof(deps, db, updated, onMailError) : updated;
}

export async function setMailboxEnabled(
  db: TenantDb,
  actor: AuditActor,
  id: number,
  isEnabled: boolean,
): Promise<Mailbox> {
  const row = await existing(db, id);
  if (isEnabled && providerOfKind(row.kind) && !row.secretEncrypted) {
    throw new AppError(
      'CONFLICT',
      'The authorization of this mailbox was removed: sign in with the provider again',
    );
  }
  const updated = await db.transaction(async (tx) => {
    const changed = await updateMailbox(tx, id, { isEnabled, updatedAt: new Date() });
    if (changed) {
      await recordMailbox(tx, actor, 'mailbox.changed', changed.address, mailboxDiff(row, changed));
    }
    return changed;
  });
  if (!updated) throw notFound('Mailbox');
  return updated;
}

/** Deletes a mailbox; refused while mails sent through it still wait in the outbox. */
export async function removeMailbox(db: TenantDb, actor: AuditActor, id: number): Promise<void> {
  const row = await existing(db, id);
  const pending = await countPendingSends(db, id);
  if (pending > 0) {
    throw new AppError(
      'CONFLICT',
      `${String(pending)} mail(s) still wait to be sent through this mailbox; delete it once they are sent or failed`,
    );
  }
  await db.transaction(async (tx) => {
    if (!(await deleteMailboxKeepingMail(tx, id))) throw notFound('Mailbox');
    await recordMailbox(tx, actor, 'mailbox.removed', row.address, { before: mailboxSettings(row) });
  });
}

/** Forgets an OAuth mailbox's tokens: disabled and failing until signed in again. */
export async function removeAuthorization(db: TenantDb, actor: AuditActor, id: number): Promise<void> {
  const row = await existing(db, id);
  if (!providerOfKind(row.kind)) {
    throw new AppError('CONFLICT', 'Only a Google or Microsoft mailbox has an authorization to remove');
  }
  await db.transaction(async (tx) => {
    await updateMailbox(tx, id, {
      secretEncrypted: null,
      isEnabled: false,
      state: 'failing',
      lastError: REMOVED_AUTHORIZATION_ERROR,
      lastErrorAt: new Date(),
      updatedAt: new Date(),
    });
    await recordMailbox(tx, actor, 'mailbox.changed', row.address, {
      before: { isEnabled: row.isEnabled },
      after: { isEnabled: false },
      detail: { authorization: 'removed' },
    });
  });
}
