import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export interface MailedLink {
  subject: string;
  text: string;
  url: URL;
  store: string;
  token: string;
}

/** The set-password links mailed to `to` so far (the .eml files of the data folder's mail-out), oldest first. */
export async function mailedLinks(dataDir: string, to: string): Promise<MailedLink[]> {
  const dir = path.join(dataDir, 'mail-out');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const links: MailedLink[] = [];
  for (const file of files) {
    const mail = await simpleParser(await readFile(path.join(dir, file)));
    if (mail.to && !JSON.stringify(mail.to).toLowerCase().includes(to.toLowerCase())) continue;
    const text = mail.text ?? '';
    const match = /https?:\/\/\S+\/login\/set-password\?\S+/.exec(text);
    if (!match) continue;
    const url = new URL(match[0]);
    links.push({
      subject: mail.subject ?? '',
      text,
      url,
      store: url.searchParams.get('store') ?? '',
      token: url.searchParams.get('token') ?? '',
    });
  }
  return links;
}

/** Waits until `count` links were mailed to `to` (the forgot-password mail is sent after the answer). */
export async function waitForLinks(dataDir: string, to: string, count: number): Promise<MailedLink[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const links = await mailedLinks(dataDir, to);
    if (links.length >= count || Date.now() > deadline) return links;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
