// The keys a restored store cannot do without: the key that seals mailbox passwords and OAuth
// tokens, the signing key of access tokens, and the VAPID keys browsers' push subscriptions are
// bound to. Without them a restore starts with new ones and loses all three.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { readOrCreateSecret } from '../../lib/secret-file';
import { loadVapidKeys } from '../push/vapid-keys';
import { AdminError } from './admin.service';

export interface BackupKeys {
  encryptionKey: string;
  jwtSecret: string;
  vapid: { publicKey: string; privateKey: string };
  /** The keys the configuration gave (not the data folder): the operator keeps those too. */
  fromEnvironment: string[];
}

/** The keys the server uses now, from the configuration or the data folder. */
export async function collectKeys(config: Config): Promise<BackupKeys> {
  const vapid = await loadVapidKeys(config);
  return {
    encryptionKey: config.ENCRYPTION_KEY ?? (await readOrCreateSecret(config.DATA_DIR, 'encryption-key', 32)),
    jwtSecret: config.JWT_SECRET ?? (await readOrCreateSecret(config.DATA_DIR, 'jwt-secret')),
    vapid: { publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    fromEnvironment: [
      ...(config.ENCRYPTION_KEY ? ['ENCRYPTION_KEY'] : []),
      ...(config.JWT_SECRET ? ['JWT_SECRET'] : []),
      ...(config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
        ? ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']
        : []),
    ],
  };
}

/**
 * Puts the keys back into the data folder (mode 0600), as the server reads them at start. A key
 * already there is kept when it is the same and refused when it differs: overwriting it would
 * lock out what the folder's own database sealed with it.
 */
export async function restoreKeys(dataDir: string, keys: BackupKeys): Promise<void> {
  const files: [string, string][] = [
    ['encryption-key', keys.encryptionKey],
    ['jwt-secret', keys.jwtSecret],
    ['vapid-keys.json', JSON.stringify(keys.vapid)],
  ];
  const missing: [string, string][] = [];
  // Every key is checked before any is written: a refusal leaves the folder as it was.
  for (const [name, value] of files) {
    const file = path.join(dataDir, name);
    const existing = await readFile(file, 'utf8').catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    });
    if (existing === null) missing.push([file, value]);
    else if (!sameKey(name, existing, value))
      throw new AdminError(`${file} holds another key: move it away first (restore writes the backup's)`);
  }
  await mkdir(dataDir, { recursive: true });
  for (const [file, value] of missing) await writeFile(file, value, { mode: 0o600, flag: 'wx' });
}

function sameKey(name: string, existing: string, value: string): boolean {
  if (name !== 'vapid-keys.json') return existing.trim() === value;
  const a = JSON.parse(existing) as Record<string, unknown>;
  const b = JSON.parse(value) as Record<string, unknown>;
  return a.publicKey === b.publicKey && a.privateKey === b.privateKey;
}
