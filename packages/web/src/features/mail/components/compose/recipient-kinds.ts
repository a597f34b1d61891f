import type { TContactPerson, TMailLog } from '@claimdesk/contracts';

/** Who an address is to the case: its customer, a supplier, one of us, or not known. */
export type TRecipientKind = 'customer' | 'supplier' | 'internal';

const key = (address: string) => address.trim().toLowerCase();

/**
 * Tells the kind of each address from what the case knows: the customer's address (the compose's
 * own for a mail to the customer), the supplier contact persons, the addresses of the case's
 * customer and supplier conversations, and our own sending addresses (internal). An address met
 * as our own wins, then a supplier contact, then the customer.
 */
export function recipientKinds(options: {
  mails: TMailLog[];
  contactPersons: TContactPerson[];
  customerAddress: string | null;
  ownAddresses: string[];
}): (address: string) => TRecipientKind | null {
  const kinds = new Map<string, TRecipientKind>();
  const set = (address: string | null | undefined, kind: TRecipientKind) => {
    if (address) kinds.set(key(address), kind);
  };
  for (const mail of options.mails) {
    if (mail.mailLogType === 'internal') continue;
    const kind: TRecipientKind = mail.mailLogType;
    if (mail.direction === 'in') set(mail.from?.address, kind);
    else mail.to.forEach((to) => set(to.address, kind));
  }
  set(options.customerAddress, 'customer');
  options.contactPersons.forEach((person) => set(person.email, 'supplier'));
  options.mails.forEach((mail) => mail.direction === 'out' && set(mail.from?.address, 'internal'));
  options.ownAddresses.forEach((address) => set(address, 'internal'));
  return (address) => kinds.get(key(address)) ?? null;
}

/**
 * The kinds that need a confirmation before sending: a customer copied on a supplier's mail, or
 * a supplier on a customer's (issue 22). Answers the addresses concerned.
 */
export function crossedRecipients(
  sendType: string,
  addresses: string[],
  kindOf: (address: string) => TRecipientKind | null,
): string[] {
  const other: TRecipientKind | null =
    sendType === 'supplier' ? 'customer' : sendType === 'customer' ? 'supplier' : null;
  return other ? addresses.filter((address) => kindOf(address) === other) : [];
}
