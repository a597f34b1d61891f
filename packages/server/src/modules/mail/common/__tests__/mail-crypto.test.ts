import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretBox } from '../mail-crypto';

describe('mailbox secrets at rest', () => {
  it('seals with AES-256-GCM: nothing readable, a fresh IV each time, bound to its store', () => {
    const box = createSecretBox('k'.repeat(40));
    const sealed = box.seal('store-a', 'imap password æøå');
    expect(sealed).not.toContain('imap');
    expect(box.seal('store-a', 'imap password æøå')).not.toBe(sealed);
    expect(box.open('store-a', sealed)).toBe('imap password æøå');
    expect(() => box.open('store-b', sealed)).toThrow();
    expect(() => createSecretBox('x'.repeat(40)).open('store-a', sealed)).toThrow();
    const [version, iv, tag, data] = sealed.split(':');
    const flipped = `${data?.startsWith('A') ? 'B' : 'A'}${data?.slice(1) ?? ''}`;
    expect(() => box.open('store-a', [version, iv, tag, flipped].join(':'))).toThrow();
  });

  it('takes ENCRYPTION_KEY, or generates a key into the data folder once', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-key-'));
    try {
      const first = await loadSecretBox({ DATA_DIR: dir });
      const sealed = first.seal('s', 'secret');
      expect((await stat(path.join(dir, 'encryption-key'))).mode & 0o777).toBe(0o600);
      expect((await loadSecretBox({ DATA_DIR: dir })).open('s', sealed)).toBe('secret');
      const key = await readFile(path.join(dir, 'encryption-key'), 'utf8');
      expect((await loadSecretBox({ DATA_DIR: '/nonexistent', ENCRYPTION_KEY: key })).open('s', sealed)).toBe(
        'secret',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
