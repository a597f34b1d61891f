import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { mailAttachments, mailLogs } from '../../src/db/schema';

export const CORPUS_DIR = path.resolve(import.meta.dirname, '../fixtures/mail-corpus');
export const HOSTILE_DIR = path.resolve(import.meta.dirname, 'fixtures/hostile');

/** Every mail file below a folder (not the README or licence), sorted by path. */
export async function mailFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.md') && !e.name.startsWith('LICENSE'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

export const readMail = (file: string): Promise<Buffer> => readFile(file);

/** A store's mail rows, oldest first. */
export const mailRows = (db: Db, tenantId: string) =>
  db.select().from(mailLogs).where(eq(mailLogs.tenantId, tenantId)).orderBy(asc(mailLogs.id));

export const attachmentRows = (db: Db, tenantId: string, mailLogId: number) =>
  db
    .select()
    .from(mailAttachments)
    .where(and(eq(mailAttachments.tenantId, tenantId), eq(mailAttachments.mailLogId, mailLogId)))
    .orderBy(asc(mailAttachments.position));

/** A small raw mail; headers can be replaced or added. */
export function rawMail(options: {
  messageId?: string | null;
  subject?: string;
  from?: string;
  body?: string;
  headers?: string[];
}): Buffer {
  const lines = [
    `From: ${options.from ?? 'Kari Nordmann <kari@customer.test>'}`,
    'To: support@store.test',
    `Subject: ${options.subject ?? 'Broken kettle'}`,
    'Date: Tue, 01 Apr 2025 10:00:00 +0200',
    ...(options.messageId === null ? [] : [`Message-ID: ${options.messageId ?? '<m1@customer.test>'}`]),
    ...(options.headers ?? []),
    'Content-Type: text/plain; charset=utf-8',
    '',
    options.body ?? 'The kettle stopped working.',
    '',
  ];
  return Buffer.from(lines.join('\r\n'));
}
