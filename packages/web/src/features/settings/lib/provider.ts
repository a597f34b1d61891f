import type { TMailbox, TOAuthProvider } from '@claimdesk/contracts';

/** The OAuth provider a Google or Microsoft mailbox signs in with; null for the others. */
export const providerOf = (m: TMailbox): TOAuthProvider | null =>
  m.kind === 'imap-oauth-google' ? 'google' : m.kind === 'imap-oauth-microsoft' ? 'microsoft' : null;
