import type { ReactNode } from 'react';
import { DEFAULT_FEATURES, type TInboxMail } from '@claimdesk/contracts';
import { ShellContext, type TShellContext } from '../../../../../lib/shell-context';
import { addLanguageTexts } from '../../../../../lib/testing/language-texts';

/** The screens' texts, in English, for the tests. */
export const addInboxTexts = () => addLanguageTexts(['en'], 'inbox');

export const shell: TShellContext = {
  grantType: 'password',
  features: DEFAULT_FEATURES,
  menu: [{ key: 'claims', label: 'Claims', workFlow: 'claim', icon: 'claim' }],
  settings: null,
  preference: {},
  currentUser: null,
};

export const inShell = (node: ReactNode) => (
  <ShellContext.Provider value={shell}>{node}</ShellContext.Provider>
);

/** A mail as the lists carry it, with overrides. */
export const listMail = (overrides: Partial<TInboxMail> & { id: number }): TInboxMail => ({
  caseId: null,
  caseNumber: null,
  workFlow: null,
  mailboxId: 1,
  direction: 'in',
  mailLogType: 'customer',
  messageId: `<m${String(overrides.id)}@test>`,
  inReplyTo: null,
  references: [],
  from: { name: `Sender ${String(overrides.id)}`, address: `s${String(overrides.id)}@customer.test` },
  to: [{ name: null, address: 'support@store.test' }],
  cc: [],
  bcc: [],
  replyTo: [],
  subject: `Subject ${String(overrides.id)}`,
  hasBlockedImages: false,
  sentAt: '2026-11-20T10:00:00.000Z',
  receivedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: null,
  isRead: false,
  sendState: null,
  sendAttempts: 0,
  sendError: null,
  sendAt: null,
  isSendLater: false,
  parseState: 'ok',
  parseError: null,
  autoKind: null,
  attachments: [],
  snippet: `First line of mail ${String(overrides.id)}`,
  ...overrides,
});
