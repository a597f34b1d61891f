import type { Config } from './config';
import type { Db } from './db/client';
import type { FileStorage } from './lib/file-storage';
import type { OutboxSignal } from './lib/outbox-signal';
import type { SystemMailer } from './lib/system-mailer';
import type { SessionGuard } from './modules/auth/session-guard';
import type { SignInLimiter } from './modules/auth/sign-in-limiter';
import type { TokenService } from './modules/auth/token-service';
import type { SecretBox } from './modules/mail/common/mail-crypto';
import type { StoreDirectory } from './modules/stores/store-directory';
import type { CaseWings } from './modules/cases/case-wings';

/** What the routes need, built once at start and handed to every module. */
export interface AppDeps {
  config: Config;
  db: Db;
  tokens: TokenService;
  mailer: SystemMailer;
  files: FileStorage;
  /** Seals mailbox passwords and OAuth tokens at rest. */
  secrets: SecretBox;
  limiter: SignInLimiter;
  sessions: SessionGuard;
  stores: StoreDirectory;
  /** Wakes the outbox worker after a mail was queued. */
  outboxSignal: OutboxSignal;
  /** A secret for keyed hashes (one-time codes). */
  hashKey: string;
  /** The features the case core asks while it saves a case (it imports none of them). */
  caseWings: CaseWings;
}
