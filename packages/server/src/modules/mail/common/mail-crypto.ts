import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readOrCreateSecret } from '../../../lib/secret-file';

const VERSION = 'v1';

/** Encrypts and decrypts mailbox secrets (passwords, OAuth tokens) at rest. */
export interface SecretBox {
  /** AES-256-GCM with a fresh IV; the tenant is bound in as associated data. */
  seal: (tenantId: string, plain: string) => string;
  /** The plain text, or an error when the data was changed, belongs to another store or another key. */
  open: (tenantId: string, sealed: string) => string;
}

/** A secret box from any key text of 32+ characters (its SHA-256 is the AES key). */
export function createSecretBox(keyText: string): SecretBox {
  const key = createHash('sha256').update(keyText).digest();
  return {
    seal: (tenantId, plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(tenantId));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join(
        ':',
      );
    },
    open: (tenantId, sealed) => {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(tenantId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** The key from ENCRYPTION_KEY, or one generated into the data folder on first use. */
export async function loadSecretBox(config: {
  ENCRYPTION_KEY?: string;
  DATA_DIR: string;
}): Promise<SecretBox> {
  return createSecretBox(
    config.ENCRYPTION_KEY ?? (await readOrCreateSecret(config.DATA_DIR, 'encryption-key', 32)),
  );
}
