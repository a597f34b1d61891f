import { useMemo } from 'react';
import type { TComposeSendType, TMailCompose, TMailLog } from '@claimdesk/contracts';
import { useContactPersons } from '../../api/contact-persons';
import type { TAddressOption } from './recipient-field';
import { recipientKinds } from './recipient-kinds';

/**
 * Who is who among the addresses of a mail being written: our own addresses, each address's kind
 * (customer, supplier, ...) and the suggestions offered in the recipient fields.
 */
export function useComposeRecipients(
  mails: TMailLog[],
  sendType: TComposeSendType,
  prefill: TMailCompose | undefined,
) {
  const contactPersons = useContactPersons();
  const ownAddresses = useMemo(
    () =>
      [
        prefill?.from?.address,
        ...mails.filter((m) => m.direction === 'out').map((m) => m.from?.address),
      ].filter((a): a is string => Boolean(a)),
    [prefill, mails],
  );
  const kindOf = useMemo(
    () =>
      recipientKinds({
        mails,
        contactPersons: contactPersons.data ?? [],
        customerAddress: sendType === 'customer' ? (prefill?.customerEmail ?? null) : null,
        ownAddresses,
      }),
    [mails, contactPersons.data, sendType, prefill, ownAddresses],
  );
  const options: TAddressOption[] = useMemo(() => {
    const seen = new Map<string, TAddressOption>();
    for (const person of contactPersons.data ?? [])
      seen.set(person.email.toLowerCase(), {
        address: person.email,
        name: person.fullName,
        kind: 'supplier',
      });
    for (const mail of mails)
      for (const a of [mail.from, ...mail.to, ...mail.cc])
        if (a && !seen.has(a.address.toLowerCase()))
          seen.set(a.address.toLowerCase(), {
            address: a.address,
            name: a.name ?? '',
            kind: kindOf(a.address),
          });
    return [...seen.values()];
  }, [contactPersons.data, mails, kindOf]);
  return { ownAddresses, kindOf, options };
}
