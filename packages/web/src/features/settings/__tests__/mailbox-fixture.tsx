import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import type { TMailbox } from '@claimdesk/contracts';
import { useMailSetupStatus } from '../api/get-mail-setup-status';
import { addLanguageTexts } from '../../../lib/testing/language-texts';

/** The screen's texts, in English, for the tests. */
export const addMailConfigTexts = () => addLanguageTexts(['en'], 'mailConfig');

/** A mailbox as GET /v2/api/settings/mailboxes answers it, with overrides. */
export const mailbox = (overrides: Partial<TMailbox> & { id: number }): TMailbox => ({
  address: `box${String(overrides.id)}@shop.test`,
  kind: 'imap-password',
  imapHost: 'imap.shop.test',
  imapPort: 993,
  imapSecure: true,
  imapUser: `box${String(overrides.id)}@shop.test`,
  imapFolder: 'INBOX',
  smtpHost: 'smtp.shop.test',
  smtpPort: 465,
  smtpSecure: true,
  smtpUser: `box${String(overrides.id)}@shop.test`,
  hasCredentials: true,
  authorization: null,
  // The inbound receiver as the server names it (INBOUND_SMTP_PUBLIC_HOST/PORT), for forward mailboxes.
  forwardTo: overrides.kind === 'forward' ? { host: 'mx.claimdesk.example', port: 25 } : null,
  isEnabled: true,
  state: 'ok',
  lastError: null,
  lastErrorAt: null,
  failingSince: null,
  lastFetchAt: '2026-11-25T09:30:00.000Z',
  lastSendAt: null,
  isVerified: true,
  verifiedAt: '2026-11-20T09:00:00.000Z',
  verificationSentAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  ...overrides,
});

/** The menu's setup badge reads the status as the shell does, so a test sees it asked again. */
function SetupBadge() {
  const status = useMailSetupStatus(true);
  return <span data-testid="setup-badge">{String(status.data)}</span>;
}

export const withModalsAndBadge = (node: ReactNode) => (
  <ModalsProvider>
    <SetupBadge />
    {node}
  </ModalsProvider>
);
