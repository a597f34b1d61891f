import type { TLanguage } from '@claimdesk/contracts';
import { parseAddressList } from '@claimdesk/contracts/mail/address-list';
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

/** "Name <address>" or a bare address, as in MAIL_FROM (the first of a list). */
export function parseAddress(value: string): StoredAddress {
  const [first] = parseAddressList(value);
  if (!first) return { address: value.trim() };
  return first.name ? { name: first.name, address: first.address } : { address: first.address };
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
  return asked ?? (await deps.stores.language(tenantId));
}
