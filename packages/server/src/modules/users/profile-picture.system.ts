// The one lookup of profile pictures across stores: the picture's public address carries only its
// file name (the content hash and an image extension), not the store, because an <img> fetches it
// without a token. Everything else about users goes through forTenant().
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/**
 * Whether `file` (`<sha256>.<ext>`, as `users.profile_picture` holds it) is the current picture of
 * some user of any store. The shared file store holds every store's attachments and mails under
 * the same kind of key, so the public address serves a file only when this says yes: a key learnt
 * from an attachment, or a picture since replaced, is not served.
 */
export async function isCurrentProfilePictureOfAnyUser(db: Db, file: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.profilePicture, file)).limit(1);
  return row !== undefined;
}
