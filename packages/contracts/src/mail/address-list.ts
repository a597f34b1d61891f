import addressparser from 'nodemailer/lib/addressparser';

/** One address of a list as people write it: the address, and the name given with it if any. */
export interface TParsedAddress {
  name: string;
  /** What to send to; for text that names no address, the text itself (it then reads as invalid). */
  address: string;
}

const looksLikeAddress = (word: string) => word.includes('@') && !/\s/.test(word);

/**
 * Parses an address list as typed or pasted: `Ola Nordmann <ola@example.no>, "Berg, Kari"
 * <kari@example.no>` (RFC 5322, by nodemailer's parser: a comma inside quotes is part of the
 * name), and also the lists people paste from elsewhere, one address per line or separated by
 * spaces or semicolons. Groups are flattened.
 */
export function parseAddressList(text: string): TParsedAddress[] {
  const found: TParsedAddress[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    for (const entry of addressparser(line, { flatten: true })) {
      const name = entry.name.trim();
      const address = entry.address.trim();
      // `a@b.no c@d.no`: the parser takes the second bare address for the first one's name.
      const words = name.split(/\s+/).filter(Boolean);
      const nameIsAddresses = words.length > 0 && words.every(looksLikeAddress);
      if (address) found.push({ name: nameIsAddresses ? '' : name, address });
      if (nameIsAddresses) for (const word of words) found.push({ name: '', address: word });
      else if (!address && name) found.push({ name: '', address: name });
    }
  }
  return found;
}
