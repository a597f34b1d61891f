import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ZVerifyMailboxRequest } from '@claimdesk/contracts';
import { addLanguageTexts } from '../../../lib/testing/language-texts';
import { mailboxFormSchema } from '../lib/mailbox-form';
import { mailboxResolver } from '../lib/field-text';

const options = { fields: {}, shouldUseNativeValidation: false } as const;
const resolve = async (schema: Parameters<typeof mailboxResolver>[0], values: Record<string, unknown>) =>
  (await mailboxResolver(schema)(values, undefined, options)).errors as Record<string, { message?: string }>;

afterEach(() => i18n.changeLanguage('en'));

describe('mailboxResolver', () => {
  it('answers in the UI language: the coded texts, and the screen’s hint for a value of the wrong shape', async () => {
    addLanguageTexts(['nr'], 'common');
    addLanguageTexts(['nr'], 'mailConfig');
    await i18n.changeLanguage('nr');
    const code = await resolve(ZVerifyMailboxRequest, { code: '' });
    expect(code.code?.message).toBe(i18n.t('common:validation.required'));
    expect(code.code?.message).not.toBe('Required');
    const shape = await resolve(ZVerifyMailboxRequest, { code: 'ab*cd' });
    expect(shape.code?.message).toBe('Koden har bare bokstaver og sifre');
  });

  it('puts the host hint on a host name of the wrong shape', async () => {
    addLanguageTexts(['en'], 'mailConfig');
    const schema = mailboxFormSchema('imap-password', true);
    const errors = await resolve(schema, {
      kind: 'imap-password',
      address: 'help@store.test',
      imapHost: 'not a host!',
      imapPort: 993,
      imapSecure: true,
      imapUser: 'help@store.test',
      imapFolder: 'INBOX',
      smtpHost: 'smtp.store.test',
      smtpPort: 465,
      smtpSecure: true,
      smtpUser: 'help@store.test',
      password: 'secret',
    });
    expect(errors.imapHost?.message).toBe('A host name such as imap.example.com');
    expect(errors.smtpHost).toBeUndefined();
  });
});
