import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/**
 * The newest confirmation mail the app mailed to `address`, as the system mailer wrote it into
 * DATA_DIR/mail-out (no SMTP_URL in tests): its bytes, and the code it carries.
 */
export async function confirmationMailTo(
  dataDir: string,
  address: string,
): Promise<{ raw: Buffer; code: string } | null> {
  const dir = path.join(dataDir, 'mail-out');
  const files = (await readdir(dir).catch(() => [])).sort().reverse();
  for (const file of files) {
    const raw = await readFile(path.join(dir, file));
    const mail = await simpleParser(raw);
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    const isFor = to.some((a) => a.value.some((v) => v.address?.toLowerCase() === address.toLowerCase()));
    const code = /Confirmation code: (\S+)/.exec(mail.text ?? '')?.[1];
    if (isFor && code) return { raw, code };
  }
  return null;
}

/** Every confirmation mail written for `address` so far. */
export async function confirmationMailCount(dataDir: string, address: string): Promise<number> {
  const dir = path.join(dataDir, 'mail-out');
  let count = 0;
  for (const file of await readdir(dir).catch(() => [])) {
    const text = await readFile(path.join(dir, file), 'utf8');
    if (text.includes(`To: ${address}`) && text.includes('Confirmation code')) count += 1;
  }
  return count;
}
