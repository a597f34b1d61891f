import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyAddress = (entry: string): boolean => {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
};

/** TRUST_PROXY: unset (false), a hop count, or a list of proxy addresses and networks. */
const ZTrustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (value === undefined || value === '' || value === 'false') return false;
    if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 16) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'a hop count (1-16) or proxy addresses and networks such as 127.0.0.1,10.0.0.0/8',
    });
    return z.NEVER;
  });

/** PUSH_ALLOWED_HOSTS: host names (`*.example.com` for its subdomains) or IP addresses. */
const ZPushHosts = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx): string[] => {
    const entries = value
      .split(',')
      .map((entry) =>
        entry
          .trim()
          .toLowerCase()
          .replace(/^\[|\]$/g, ''),
      )
      .filter(Boolean);
    const bad = entries.find(
      (entry) =>
        isIP(entry) === 0 &&
        !/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(entry),
    );
    if (bad === undefined) return entries;
    ctx.addIssue({ code: 'custom', message: `${bad} is no host name, *.domain or IP address` });
    return z.NEVER;
  });

const ZConfig = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Relative to the folder `npm start` is run from: ./data at the repository's root by default. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; the embedded PGlite in DATA_DIR/db when unset. */
  DATABASE_URL: z.url().optional(),
  /**
   * Most connections the server opens to PostgreSQL. More than a few per database core only adds
   * switching between them: at 50 concurrent requests on 2 cores, 20 served fewer than 10.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(1000).default(10),
  /** Signing key for access tokens; generated into DATA_DIR on first start when unset. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(8 * 60 * 60),
  OAUTH_CLIENT_ID: z.string().min(1).default('claimdesk-web'),
  OAUTH_CLIENT_SECRET: z.string().min(1).default('claimdesk-web'),
  /** SMTP server for system mail (codes, notifications); files in DATA_DIR/mail-out when unset. */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Claimdesk <no-reply@claimdesk.test>'),
  /** Key for mailbox credentials at rest (AES-256-GCM); generated into DATA_DIR on first start when unset. */
  ENCRYPTION_KEY: z.string().min(32, 'ENCRYPTION_KEY must be at least 32 characters').optional(),
  /** Largest total size of the attachments of one outgoing mail, in bytes. */
  MAIL_MAX_ATTACHMENT_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(25 * 1024 * 1024),
  /**
   * Uploads (mail attachments, profile pictures) read at one time by one user, and by the whole
   * process; one more is refused with 429 and Retry-After. Uploads stream to disk a chunk at a
   * time, so these bound open files and disk writes more than memory.
   */
  UPLOADS_IN_FLIGHT_PER_USER: z.coerce.number().int().min(1).default(4),
  UPLOADS_IN_FLIGHT_PER_PROCESS: z.coerce.number().int().min(1).default(16),
  /** Port of the built-in inbound SMTP receiver on 127.0.0.1 (mail forwarded to the stores' addresses). */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  /**
   * Host name and port that mail providers forward the stores' mail to, as the mail settings show
   * them: the receiver listens on 127.0.0.1 only, so a relay or port forward stands in front of
   * it. Unset, the host name the settings page reached the server at and INBOUND_SMTP_PORT.
   */
  INBOUND_SMTP_PUBLIC_HOST: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.:[\]-]+$/, 'a host name such as mx.example.com')
    .optional(),
  INBOUND_SMTP_PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * Run the mail fetcher, the outbox worker and the inbound SMTP receiver in this process. Tests
   * turn them off and start what they test themselves.
   */
  MAIL_WORKERS: z.stringbool().default(true),
  /**
   * How long an outbox worker's claim on a mail holds unless renewed (it renews every third of
   * it while sending): after a crash, the dead process's mails are taken up again this long later.
   */
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(60),
  /**
   * OAuth2 sign-in of Google and Microsoft 365 mailboxes (XOAUTH2). The endpoints default to
   * the providers' real ones; a provider without a client id cannot be signed in to. The
   * redirect URI is the web app's /external/{provider}/oauth page as registered with the provider.
   */
  GOOGLE_OAUTH_AUTHORIZE_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_OAUTH_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  GOOGLE_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_OAUTH_REDIRECT_URI: z.url().default('http://localhost:3000/external/google/oauth'),
  GOOGLE_OAUTH_SCOPES: z.string().min(1).default('https://mail.google.com/ openid email'),
  MICROSOFT_OAUTH_AUTHORIZE_URL: z
    .url()
    .default('https://login.microsoftonline.com/common/oauth2/v2.0/authorize'),
  MICROSOFT_OAUTH_TOKEN_URL: z.url().default('https://login.microsoftonline.com/common/oauth2/v2.0/token'),
  MICROSOFT_OAUTH_USERINFO_URL: z.url().default('https://graph.microsoft.com/oidc/userinfo'),
  MICROSOFT_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_OAUTH_REDIRECT_URI: z.url().default('http://localhost:3000/external/microsoft/oauth'),
  MICROSOFT_OAUTH_SCOPES: z
    .string()
    .min(1)
    .default(
      'https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send offline_access openid email',
    ),
  /**
   * Where files (attachments, raw mails, pictures) are kept: DATA_DIR/files by default, or an
   * S3-compatible bucket (`s3://bucket/prefix`) with the usual AWS_* variables.
   */
  FILES_URL: z
    .string()
    .regex(/^s3:\/\/[^/]+/, 'FILES_URL must look like s3://bucket/prefix')
    .optional(),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible service other than AWS's (MinIO, Ceph, R2 …). */
  AWS_ENDPOINT_URL_S3: z.url().optional(),
  /** Bucket in the path rather than the host name; on by default with AWS_ENDPOINT_URL_S3. */
  S3_FORCE_PATH_STYLE: z.stringbool().optional(),
  /**
   * Create the demo companies, stores and users (with a published password) when the database
   * has no store yet. Unset: on the embedded database only, never on a PostgreSQL server.
   */
  SEED_DEMO: z.stringbool().optional(),
  /** Folder of the built web app; not served when it does not exist. */
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Reverse proxies whose X-Forwarded-For (and -Host, -Proto) are believed: the proxies' addresses
   * and networks (`127.0.0.1,10.0.0.0/8`; also `loopback`, `linklocal`, `uniquelocal`), or a count
   * of proxy hops (only where nothing but the proxy reaches the server: a direct client could
   * forge the hops). Unset, the headers are ignored, as a client could forge them: every limit and
   * log then sees the connection's own address.
   */
  TRUST_PROXY: ZTrustProxy,
  /**
   * On SIGTERM or SIGINT, how long requests in flight and the mail workers' sends in hand have to
   * finish before the process cuts them off and exits.
   */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(10),
  /**
   * Days an audit log entry is kept; older ones are purged daily. 0 keeps them forever. 400 by
   * default: a year and a bit, so that last year's same month can still be looked at.
   */
  AUDIT_LOG_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(400),
  /**
   * Failed sign-ins allowed within the window: of one account from one client address; of one
   * account from all addresses together (the ceiling for a guesser with many addresses, set high
   * so that a guesser elsewhere cannot lock a person out); and from one address over all accounts.
   * An IPv6 client counts by its /64 network.
   */
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: z.coerce.number().int().min(1).default(10),
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  SIGN_IN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /**
   * Requests for a "forgot password" link within the window: for one address (whoever asks) and
   * from one client address (over all addresses). Every request counts, known address or not, so
   * the answer never tells whether an address has an account.
   */
  PASSWORD_RESET_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
  PASSWORD_RESET_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  PASSWORD_RESET_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(60 * 60),
  /**
   * The address people open Claimdesk at (`https://desk.example.com`), for the links in mails (set
   * a password, invitations). Unset, the address the request came to is used: set it in production,
   * where a forged Host header must not choose where a link points.
   */
  PUBLIC_URL: z.url().optional(),
  /** Time for a client to send a request's headers; a client trickling them is cut off after it. */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(15),
  /**
   * Time for a client to send a whole request, body included. Uploads of up to 25 MB must get
   * through on slow lines: 300 s carries 25 MB at 0.7 Mbit/s.
   */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(300),
  /**
   * The slowest a request body may come in, in bytes a second averaged over each window of
   * seconds (the first window is the grace period), or its connection is closed (0: no minimum).
   * 1 KB/s over 30 s lets a slow upload finish and stops a client that trickles a byte every few
   * seconds from holding a connection for the whole request timeout (Apache's mod_reqtimeout
   * `body=20,MinRate=500`, nginx's client_body_timeout).
   */
  HTTP_BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(1024),
  HTTP_BODY_RATE_WINDOW_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  /** A connection on which nothing moves either way for this long is closed (0: never). */
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(0).default(60),
  /** How long a connection is kept open for a next request after a response. */
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(10),
  /** Requests served on one connection before it is closed (0: no limit). */
  HTTP_MAX_REQUESTS_PER_CONNECTION: z.coerce.number().int().min(0).default(1000),
  /**
   * Open connections of one client address (an IPv6 client by its /64 network) and of the whole
   * server; one more is closed at once (0: no limit). A browser opens up to 6 connections and a
   * websocket, so 128 per address leaves room for an office behind one address; behind a reverse
   * proxy every client has the proxy's address, so turn the per-address cap off there.
   */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(128),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Live updates (the WebSocket at /v2/api/live): open sockets of one user (each browser tab has
   * one; one more is closed with 4409); the time a new socket has to send its `auth` message; the
   * messages one socket may send within the window before it is closed (4429); the bytes of events
   * queued for one socket that it has not read, past which it is dropped (4503) so that a slow
   * client never holds the others up; and the beat of the server's pings (a socket that did not
   * answer the last one is dropped).
   */
  LIVE_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(10),
  LIVE_AUTH_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(10),
  LIVE_MAX_CLIENT_MESSAGES: z.coerce.number().int().min(1).default(20),
  LIVE_CLIENT_MESSAGE_WINDOW_SECONDS: z.coerce.number().min(0.1).default(10),
  LIVE_SEND_BUFFER_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  LIVE_PING_SECONDS: z.coerce.number().min(0.1).default(25),
  /**
   * The VAPID key pair (base64url) that signs browser notifications; generated into
   * DATA_DIR/vapid-keys.json on first start when unset. Several processes must share one pair.
   */
  VAPID_PUBLIC_KEY: z.string().min(80).max(100).optional(),
  VAPID_PRIVATE_KEY: z.string().min(40).max(50).optional(),
  /** The contact the push services see in the VAPID token (a mailto: or https: address). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'VAPID_SUBJECT must start with mailto: or https:')
    .default('mailto:no-reply@claimdesk.test'),
  /**
   * Hosts besides the browsers' push services that push endpoints may name: host names, `*.`
   * wildcards or IP addresses, comma-separated (a self-hosted push service, a test's stand-in).
   */
  PUSH_ALLOWED_HOSTS: ZPushHosts,
  /**
   * Send pushes to loopback, private and other non-public addresses too. Only for tests and
   * development against a local push service: otherwise any staff user could make the server
   * send requests into its own network.
   */
  PUSH_ALLOW_PRIVATE_ADDRESSES: z.stringbool().default(false),
  /**
   * Where a Shopify shop's Admin API answers, with {shop} for its host. Only a test's stand-in of
   * Shopify changes it.
   */
  SHOPIFY_ADMIN_ORIGIN: z
    .string()
    .regex(/^https?:\/\/\S*\{shop\}\S*$/, 'SHOPIFY_ADMIN_ORIGIN must be a URL with {shop} in it')
    .default('https://{shop}'),
  /** The Shopify app's client id and secret (its Partner dashboard); without them no shop connects. */
  SHOPIFY_API_KEY: z.string().min(1).optional(),
  SHOPIFY_API_SECRET: z.string().min(1).optional(),
  /** The access the app asks a shop for: orders and their customers, read only. */
  SHOPIFY_SCOPES: z.string().default('read_orders,read_customers'),
  /** Longest wait for one answer of a connected shop, in milliseconds. */
  SHOP_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(8000),
  /**
   * Let a WooCommerce shop's address be on loopback, a private network or plain http. Only for
   * tests and development against a local shop: otherwise an administrator could make the server
   * send requests into its own network.
   */
  SHOPS_ALLOW_PRIVATE_ADDRESSES: z.stringbool().default(false),
});

/** The configuration as the server uses it: every default decided (SEED_DEMO's by DATABASE_URL). */
export type Config = Omit<z.infer<typeof ZConfig>, 'SEED_DEMO'> & { SEED_DEMO: boolean };

/** Parses the environment once; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Relative folders are taken from where `npm start` was typed (npm's INIT_CWD), not from the
  // server package that npm runs the script in.
  const base = env.INIT_CWD ?? process.cwd();
  return {
    ...parsed.data,
    DATA_DIR: path.resolve(base, parsed.data.DATA_DIR),
    SEED_DEMO: parsed.data.SEED_DEMO ?? parsed.data.DATABASE_URL === undefined,
    WEB_DIST: path.resolve(base, parsed.data.WEB_DIST),
  };
}
