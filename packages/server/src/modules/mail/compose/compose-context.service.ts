import type { TLanguage } from '@claimdesk/contracts';
import type { AppDeps } from '../../../app-deps';
import type { StoredAddress } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';
import { findSendingMailbox } from './compose.repository';

/** Who a store's mail comes from: its sending mailbox, or the system sender when it has none. */
export interface Sender {
  mailboxId: number | null;
  from: StoredAddress;
  /** false: the store has no mailbox (the compose form shows no from). */
  isMailbox: boolean;
}

/** "Name <address>" or a bare address, as in MAIL_FROM. */
export function parseAddress(value: string): StoredAddress {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(value);
  if (match?.[2]) return match[1] ? { name: match[1], address: match[2] } : { address: match[2] };
  return { address: value.trim() };
}

/**
 * The store's sending mailbox: its first enabled one by id whose address it proved (named after
 * the store). A store never sends as an address it has not proven to be its own.
 */
export async function storeSender(deps: AppDeps, db: TenantDb): Promise<Sender> {
  const mailbox = await findSendingMailbox(db);
  if (!mailbox) return { mailboxId: null, from: parseAddress(deps.config.MAIL_FROM), isMailbox: false };
  const store = await deps.stores.get(db.tenantId);
  return {
    mailboxId: mailbox.id,
    from: store?.displayName
      ? { name: store.displayName, address: mailbox.address }
      : { address: mailbox.address },
    isMailbox: true,
  };
}

/** The language for quote lines and templates: the asked one, else the store's, else English. */
export async function composeLanguage(
  deps: AppDeps,
  tenantId: string,
  asked?: TLanguage,
): Promise<TLanguage> {
  if (asked) return asked;
  return (await deps.stores.get(tenantId))?.language ?? 'en';
}
