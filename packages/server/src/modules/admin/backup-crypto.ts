// A backup holds the store's keys, so the whole file is sealed with a passphrase: AES-256-GCM
// under a key derived with scrypt, the GCM tag at the end. Restore opens it into a temporary file
// and reads nothing of it before the tag has proved the passphrase and the bytes.
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { AdminError } from './admin.service';

const MAGIC = Buffer.from('CLAIMDESK-BACKUP-AES256GCM-1\n', 'utf8');
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** scrypt's cost: about 0.1 s and 32 MB here, once per backup or restore. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** The shortest passphrase accepted: the file leaves the server, so it must resist guessing. */
export const MIN_PASSPHRASE_LENGTH = 12;

const deriveKey = (passphrase: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) => {
    scrypt(passphrase.normalize('NFC'), salt, 32, SCRYPT, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });

/** Whether the file is a sealed backup (else a plain zip of an older version). */
export async function isSealed(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    await handle.read(head, 0, MAGIC.length, 0);
    return head.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/** Seals `plain` into `sealed` with the passphrase. */
export async function seal(plain: string, sealed: string, passphrase: string): Promise<void> {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt), iv);
  // The header is authenticated too: a changed salt or IV fails the tag.
  cipher.setAAD(Buffer.concat([MAGIC, salt, iv]));
  const out = createWriteStream(sealed, { mode: 0o600 });
  out.write(Buffer.concat([MAGIC, salt, iv]));
  await pipeline(createReadStream(plain), cipher, out, { end: false });
  out.end(cipher.getAuthTag());
  await once(out, 'finish');
}

/** Opens `sealed` into `plain`; a wrong passphrase or a changed byte is an AdminError, `plain` removed. */
export async function unseal(sealed: string, plain: string, passphrase: string): Promise<void> {
  const size = (await stat(sealed)).size;
  const headerBytes = MAGIC.length + SALT_BYTES + IV_BYTES;
  if (size < headerBytes + TAG_BYTES) throw new AdminError(`${sealed} is cut short`);
  const handle = await open(sealed, 'r');
  const header = Buffer.alloc(headerBytes);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await handle.read(header, 0, headerBytes, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const salt = header.subarray(MAGIC.length, MAGIC.length + SALT_BYTES);
  const iv = header.subarray(MAGIC.length + SALT_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', await deriveKey(passphrase, salt), iv);
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  try {
    await pipeline(
      createReadStream(sealed, { start: headerBytes, end: size - TAG_BYTES - 1 }),
      decipher,
      createWriteStream(plain, { mode: 0o600 }),
    );
  } catch (error) {
    await rm(plain, { force: true });
    if ((error as Error).message.includes('authenticate'))
      throw new AdminError('the passphrase does not open this backup (or the file was changed)');
    throw error;
  }
}
