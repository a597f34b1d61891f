// The one lookup across stores of the erasure: files are stored once per content (SHA-256), so
// the same bytes may belong to a mail of another store, which must keep its file.
import { inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailAttachments, mailLogs, users } from '../../db/schema';

/** Which of these file keys some row of any store still names (a mail, an attachment, a picture). */
export async function fileKeysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const [raws, attachments, pictures] = await Promise.all([
    db.select({ key: mailLogs.rawFileHash }).from(mailLogs).where(inArray(mailLogs.rawFileHash, keys)),
    db
      .select({ key: mailAttachments.fileHash })
      .from(mailAttachments)
      .where(inArray(mailAttachments.fileHash, keys)),
    db
      .select({ key: sql<string>`split_part(${users.profilePicture}, '.', 1)` })
      .from(users)
      .where(or(...keys.map((k) => sql`${users.profilePicture} LIKE ${`${k}.%`}`))),
  ]);
  return new Set([...raws, ...attachments, ...pictures].flatMap((r) => (r.key ? [r.key] : [])));
}
