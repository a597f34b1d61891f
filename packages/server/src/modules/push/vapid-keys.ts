import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config';

/** The server's VAPID key pair (RFC 8292), base64url, and the contact the push services see. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const FILE = 'vapid-keys.json';

/**
 * The VAPID keys from the configuration, or else from the data folder, generated there on first
 * use (mode 0600). Several server processes must share them (a browser's subscription is bound
 * to the public key): give them in the configuration, or one data folder.
 */
export async function loadVapidKeys(config: Config): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const file = path.join(config.DATA_DIR, FILE);
  const stored = await readKeys(file);
  if (stored) return { ...stored, subject };
  await mkdir(config.DATA_DIR, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    await writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return { ...keys, subject };
  } catch (error) {
    // Another process wrote them first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = await readKeys(file);
    if (!theirs) throw new Error(`${file} holds no VAPID keys`, { cause: error });
    return { ...theirs, subject };
  }
}

async function readKeys(file: string): Promise<{ publicKey: string; privateKey: string } | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const value = JSON.parse(text) as Partial<Record<'publicKey' | 'privateKey', unknown>>;
  if (typeof value.publicKey !== 'string' || typeof value.privateKey !== 'string')
    throw new Error(`${file} holds no VAPID keys`);
  return { publicKey: value.publicKey, privateKey: value.privateKey };
}
