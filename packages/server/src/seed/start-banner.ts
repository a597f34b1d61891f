import type { Db } from '../db/client';
import { forTenant } from '../db/tenant-db';
import { findContactStands, findUserForSignIn } from '../modules/auth/accounts.repository';
import { verifyPassword } from '../modules/auth/passwords';
import { DEMO_MAILBOX } from './demo-mails';
import { DEMO_CONTACT, DEMO_PASSWORD, DEMO_USERS } from './demo-seed';

const DEMO_CONTACT_TENANT = 'demo-store';

/** The settings the banner reads (the server's parsed configuration fits it). */
interface BannerConfig {
  DATA_DIR: string;
  SMTP_URL?: string | undefined;
  SEED_DEMO: boolean;
  MAIL_WORKERS: boolean;
  INBOUND_SMTP_PORT: number;
}

/**
 * The demo sign-ins as the database holds them now, not as they were seeded: a user who has
 * chosen a new password, was renamed or deleted is not offered (issue 27: the banner offered
 * "must choose a new password" after the reset was done). Checking the demo password costs one
 * Argon2 verification per demo user (about 40 ms each), once at start.
 */
export async function demoSignInLines(
  db: Db,
  config: Pick<BannerConfig, 'SMTP_URL' | 'DATA_DIR'>,
): Promise<string[]> {
  const lines: string[] = [];
  for (const [tenantId, list] of Object.entries(DEMO_USERS)) {
    for (const demo of list) {
      const row = await findUserForSignIn(forTenant(db, tenantId), demo.username);
      if (!row || !(await verifyPassword(row.passwordHash, DEMO_PASSWORD))) continue;
      const note = row.mustResetPassword ? ' (must choose a new password)' : '';
      lines.push(`  ${row.username.padEnd(28)} ${row.roles.join(', ')}${note}`);
    }
  }
  if (await findContactStands(forTenant(db, DEMO_CONTACT_TENANT), DEMO_CONTACT)) {
    const where = config.SMTP_URL ? 'SMTP' : `${config.DATA_DIR}/mail-out`;
    lines.push(`  ${DEMO_CONTACT.padEnd(28)} one-time code, mailed to ${where}`);
  }
  return lines.length > 0 ? [`Demo sign-in (password ${DEMO_PASSWORD}):`, ...lines] : [];
}

/** The lines printed once the server listens: its address, its database, and the demo sign-ins. */
export async function startBanner(
  db: Db,
  config: BannerConfig,
  facts: { address: string; databaseKind: 'pglite' | 'postgres'; isSeeded: boolean },
): Promise<string> {
  const lines = [
    '',
    `Claimdesk is running at ${facts.address}`,
    `Database: ${facts.databaseKind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}/db` : 'PostgreSQL (DATABASE_URL)'}${facts.isSeeded ? ', demo data created' : ''}`,
  ];
  if (config.SEED_DEMO) {
    lines.push(...(await demoSignInLines(db, config)));
    if (config.MAIL_WORKERS)
      lines.push(
        `Demo inbox: mail to ${DEMO_MAILBOX} through SMTP at 127.0.0.1:${String(config.INBOUND_SMTP_PORT)} lands in demo-store`,
      );
  }
  return lines.join('\n') + '\n';
}
