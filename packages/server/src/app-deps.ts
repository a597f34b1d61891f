import type { Config } from './config';
import type { Db } from './db/client';
import type { FileStorage } from './lib/file-storage';
import type { SystemMailer } from './lib/system-mailer';
import type { SessionGuard } from './modules/auth/session-guard';
import type { SignInLimiter } from './modules/auth/sign-in-limiter';
import type { TokenService } from './modules/auth/token-service';

/** What the routes need, built once at start and handed to every module. */
export interface AppDeps {
  config: Config;
  db: Db;
  tokens: TokenService;
  mailer: SystemMailer;
  files: FileStorage;
  limiter: SignInLimiter;
  sessions: SessionGuard;
  /** A secret for keyed hashes (one-time codes). */
  hashKey: string;
}
