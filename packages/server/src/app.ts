import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import type { Config } from './config';
import type { Db } from './db/client';
import { OutboxSignal } from './lib/outbox-signal';
import { readOrCreateSecret } from './lib/secret-file';
import { createSystemMailer, type SystemMailer } from './lib/system-mailer';
import { sessionsRoutes } from './modules/auth/sessions.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { casesRoutes } from './modules/cases/cases.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { composeRoutes } from './modules/mail/writing/compose.routes';
import { mailRoutes } from './modules/mail/reading/mail.routes';
import { triageRoutes } from './modules/mail/reading/triage/triage.routes';
import { mailTemplatesRoutes } from './modules/mail-templates/mail-templates.routes';
import { mailboxesRoutes } from './modules/mail/mailboxes/mailboxes.routes';
import { signaturesRoutes } from './modules/mail/writing/signatures/signatures.routes';
import { itemTypesRoutes } from './modules/item-types/item-types.routes';
import { suppliersRoutes } from './modules/suppliers/suppliers.routes';
import { shopsRoutes } from './modules/shops/shops.routes';
import { shopifyRoutes } from './modules/shops/shopify.routes';
import { shopifyWebhookRoutes } from './modules/shops/shopify-webhooks.routes';
import { contactPersonsRoutes } from './modules/suppliers/contact-persons.routes';
import { applyCaseSupplier } from './modules/suppliers/case-supplier';
import { sendToSupplierRoutes } from './modules/suppliers/send-to-supplier.routes';
import { withdrawFromSupplierRoutes } from './modules/suppliers/withdraw-from-supplier.routes';
import { outsideAccessRoutes } from './modules/suppliers/outside-access.routes';
import { supplierPortalRoutes } from './modules/supplier-portal/supplier-portal.routes';
import { costsRoutes } from './modules/costs/costs.routes';
import { costPdfRoutes } from './modules/reports/cost-pdf/cost-pdf.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { registerAuditRetention } from './modules/audit/audit-retention';
import { registerLive } from './modules/live/live.routes';
import { loadSecretBox } from './modules/mail/common/mail-crypto';
import { SessionGuard } from './modules/auth/session-guard';
import { SignInLimiter, signInLimits } from './modules/auth/sign-in-limiter';
import { createTokenService } from './modules/auth/token-service';
import { preferencesRoutes } from './modules/preferences/preferences.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { StoreDirectory } from './modules/stores/store-directory';
import { storesRoutes } from './modules/stores/stores.routes';
import { usersRoutes } from './modules/users/users.routes';
import { registerAuthHook } from './plugins/auth-hook';
import { registerBodyParsing } from './plugins/body-parsing';
import { connectionOptions, registerConnectionLimits } from './plugins/connection-limits';
import { registerCompression } from './plugins/compression';
import { createFileStore } from './file-store';
import { registerErrorHandler } from './plugins/error-handler';
import { registerGracefulShutdown } from './plugins/graceful-shutdown';
import { registerHealth } from './plugins/health';
import { registerMultipart } from './plugins/multipart';
import { registerOpenApi } from './plugins/openapi';
import { registerMailWorkers } from './plugins/mail-workers';
import { requestLogOptions, registerRequestId, type LogStream } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { trustProxyOption } from './plugins/trust-proxy';
import { registerPush } from './modules/push/push.routes';
import { registerWebApp } from './plugins/web-app';
import { registerXsrfCookie } from './plugins/xsrf';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Replaces the system mailer (tests may capture mail instead of writing files). */
  mailer?: SystemMailer;
  /** Sees every route as it is registered (the tests' tenancy sweep walks them all). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the log goes instead of standard output (tests read the lines). */
  logStream?: LogStream;
}

/** Builds the app: external plugins, then our hooks, then the feature routes, then the web app. */
export async function buildApp({
  config,
  db,
  mailer,
  onRoute,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...requestLogOptions(config, logStream),
    bodyLimit: 1024 * 1024,
    // Behind a reverse proxy, request.ip (sign-in limits, logs) is the client's, not the proxy's.
    trustProxy: trustProxyOption(config),
    ...connectionOptions(config),
  });
  registerRequestId(app);
  registerGracefulShutdown(app);
  registerConnectionLimits(app, config);
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const secret = config.JWT_SECRET ?? (await readOrCreateSecret(config.DATA_DIR, 'jwt-secret'));
  const deps: AppDeps = {
    config,
    db,
    tokens: createTokenService(secret, config.TOKEN_TTL_SECONDS),
    mailer:
      mailer ??
      createSystemMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        dataDir: config.DATA_DIR,
        log: app.log,
      }),
    files: createFileStore(config),
    secrets: await loadSecretBox(config),
    limiter: new SignInLimiter(db, secret, signInLimits(config)),
    sessions: new SessionGuard(db),
    stores: new StoreDirectory(db),
    outboxSignal: new OutboxSignal(),
    hashKey: secret,
    caseWings: { applySupplier: applyCaseSupplier },
  };
  app.decorate('deps', deps);
  app.addHook('onReady', () =>
    deps.sessions.start((error) => {
      app.log.error({ err: error }, 'session housekeeping failed');
    }),
  );
  app.addHook('onClose', () => deps.sessions.stop());
  registerAuditRetention(app);

  registerSecurityHeaders(app);
  await registerCompression(app);
  await app.register(cookie);
  await app.register(formbody);
  await registerMultipart(app);

  registerBodyParsing(app);
  registerErrorHandler(app);
  registerXsrfCookie(app);
  registerAuthHook(app);
  await registerOpenApi(app);

  await app.register(authRoutes);
  await app.register(sessionsRoutes);
  await app.register(storesRoutes);
  await app.register(usersRoutes);
  await app.register(preferencesRoutes);
  await app.register(settingsRoutes);
  await app.register(casesRoutes);
  await app.register(itemTypesRoutes);
  await app.register(suppliersRoutes);
  await app.register(shopsRoutes);
  await app.register(shopifyRoutes);
  await app.register(shopifyWebhookRoutes);
  await app.register(contactPersonsRoutes);
  await app.register(sendToSupplierRoutes);
  await app.register(withdrawFromSupplierRoutes);
  await app.register(outsideAccessRoutes);
  await app.register(supplierPortalRoutes);
  await app.register(costsRoutes);
  await app.register(costPdfRoutes);
  await app.register(exportsRoutes);
  await app.register(auditRoutes);
  await app.register(privacyRoutes);
  await app.register(dashboardRoutes);
  await app.register(reportsRoutes);
  await app.register(mailRoutes);
  await app.register(triageRoutes);
  await app.register(composeRoutes);
  await app.register(mailTemplatesRoutes);
  await app.register(mailboxesRoutes);
  await app.register(signaturesRoutes);
  await registerLive(app);
  await registerPush(app);
  registerMailWorkers(app);
  registerHealth(app);

  await registerWebApp(app, config.WEB_DIST);
  return app;
}
