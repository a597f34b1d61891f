/** The bodies the tenancy sweep sends to unsafe routes. */
import type { InjectOptions } from 'fastify';
import { DEFAULT_DASHBOARD } from '@claimdesk/contracts';
import { multipartFile, pngBytes } from '../helpers/files';
import { mailIds, sweepCostLine, type StoreA } from './store-a';

/** Store A's browser subscription for notifications (web push). */
const sweepPushSubscription = {
  // A push service's host: the server refuses endpoints at any other with 400 (issue 34).
  endpoint: 'https://fcm.googleapis.com/fcm/send/sweep-a-browser',
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
};

/** A valid body for each unsafe route, so that a refusal is about tenancy, not about the body. */
const takenMenu = [{ key: 'taken', label: 'Taken over', workFlow: 'claim' }];
const takenMail = { to: ['taken@over.test'], subject: 'Taken over', html: '<p>Taken over</p>' };

export function sampleBody(key: string, a: StoreA): Pick<InjectOptions, 'payload' | 'headers'> | undefined {
  const picture = () => {
    const { payload, headers } = multipartFile(pngBytes());
    return { payload, headers };
  };
  const bodies: Record<string, () => Pick<InjectOptions, 'payload' | 'headers'>> = {
    'POST /v2/api/users': () => ({
      payload: {
        username: `sweep-${String(Math.random()).slice(2, 10)}@sweep.test`,
        firstName: 'Sweep',
        lastName: 'User',
        roles: ['STANDARD_USER'],
        password: 'Sweep-pass-1',
      },
    }),
    'POST /v2/api/users/invite': () => ({
      payload: {
        username: `sweep-${String(Math.random()).slice(2, 10)}@sweep.test`,
        firstName: 'Sweep',
        lastName: 'Invited',
        roles: ['STANDARD_USER'],
      },
    }),
    'POST /v2/api/users/:id/invite': () => ({}),
    'PUT /v2/api/users/:id': () => ({
      payload: { username: a.agent.username, firstName: 'Taken', lastName: 'Over', roles: ['ADMIN_USER'] },
    }),
    'DELETE /v2/api/users/:id': () => ({}),
    'DELETE /v2/api/shops/:id': () => ({}),
    // A private address: refused before any request leaves the server.
    'POST /v2/api/shops/woocommerce': () => ({
      payload: { url: 'https://10.0.0.1', consumerKey: 'ck_sweep', consumerSecret: 'cs_sweep' },
    }),
    'PUT /v2/api/users/update-password/:id': () => ({ payload: { password: 'Taken-over-1' } }),
    'PUT /v2/api/users/:id/disabled': () => ({ payload: { isDisabled: true } }),
    'PUT /v2/api/users/user-preference': () => ({ payload: { sweep: 'value' } }),
    // A's browser's endpoint: B subscribing or unsubscribing it touches only B's own rows.
    'PUT /v2/api/fcm/subscribe': () => ({ payload: sweepPushSubscription }),
    'DELETE /v2/api/fcm/subscribe': () => ({ payload: { endpoint: sweepPushSubscription.endpoint } }),
    'POST /v2/api/users/profile-picture': picture,
    'POST /v2/api/users/profile-picture/:id': picture,
    'PUT /v2/api/claims/:id': () => ({ payload: { version: 1, description: 'Taken over' } }),
    'PUT /v2/api/claims/:id/status': () => ({ payload: { status: 'resolved', version: 1 } }),
    'PUT /v2/api/claims/:id/assignee': () => ({ payload: { assignee: null, version: 1 } }),
    'PUT /v2/api/claims/:id/archive': () => ({ payload: { version: 1 } }),
    'PUT /v2/api/claims/:id/reopen': () => ({ payload: { version: 1 } }),
    'DELETE /v2/api/claims/:id': () => ({}),
    'POST /v2/api/claims/:id/costs': () => ({ payload: { ...sweepCostLine, note: 'Taken over' } }),
    'PUT /v2/api/claims/:id/costs/:costId': () => ({ payload: { ...sweepCostLine, version: 1 } }),
    'DELETE /v2/api/claims/:id/costs/:costId': () => ({}),
    'POST /v2/api/claims/:id/credit-notes': () => ({
      payload: { number: 'TAKEN', noteDate: '2026-01-15', amountMinor: 100, currency: 'NOK' },
    }),
    'DELETE /v2/api/claims/:id/credit-notes/:noteId': () => ({}),
    'POST /v2/api/supplier-portal/cases/:id/answers': () => ({
      payload: { outcome: 'accepted', compensationMode: 'credit-note', creditNoteNumber: 'TAKEN' },
    }),
    'POST /v2/api/supplier-portal/cases/:id/messages': () => ({ payload: { text: 'Taken over' } }),
    'PUT /v2/api/claims/:id/recovery': () => ({
      payload: { expectedCreditMinor: 0, isWrittenOff: true, writeOffReason: 'Taken over' },
    }),
    'DELETE /v2/api/settings/exchange-rates/:id': () => ({}),
    'PUT /v2/api/claim-item-types/:id': () => ({ payload: { names: { en: 'Taken' }, isDisabled: true } }),
    'DELETE /v2/api/claim-item-types/:id': () => ({}),
    'PUT /v2/api/settings/mailboxes/:id': () => ({ payload: { address: 'taken@over.test' } }),
    'PUT /v2/api/settings/mailboxes/:id/enabled': () => ({ payload: { isEnabled: false } }),
    'POST /v2/api/settings/mailboxes/:id/test': () => ({}),
    'POST /v2/api/settings/mailboxes/:id/verification': () => ({}),
    'POST /v2/api/settings/mailboxes/:id/verify': () => ({ payload: { code: 'ABCDEFGH' } }),
    'DELETE /v2/api/settings/mailboxes/:id': () => ({}),
    'PUT /v2/api/settings/mail-signatures/:mailboxId': () => ({
      payload: { signatures: { en: '<p>Taken over</p>' } },
    }),
    'PUT /v2/api/users/my-signature': () => ({ payload: { signatures: { en: '<p>Taken over</p>' } } }),
    'DELETE /v2/api/settings/initial-properties/remove-authorization/:id': () => ({}),
    // B's administrator writes B's own menu through the forms; A's stays as it was.
    'PUT /v2/api/settings/store-forms/:name': () => ({ payload: { value: takenMenu, version: null } }),
    'POST /v2/api/claims/mails/:workFlow/mail-compose/:id': () => ({ payload: takenMail }),
    'POST /v2/api/claims/:id/send-to-supplier': () => ({ payload: takenMail }),
    'POST /v2/api/claims/:id/withdraw-from-supplier': () => ({}),
    'DELETE /v2/api/claims/:id/participants/:email': () => ({}),
    'POST /v2/api/claims/mails/:workFlow/mail-logs': () => ({ payload: { ...takenMail, caseId: a.caseId } }),
    'PUT /v2/api/claims/mails/:workFlow/mail-logs/:id': () => ({ payload: { ...takenMail, send: true } }),
    'PUT /v2/api/claims/mails/resend/:id': () => ({}),
    'POST /v2/api/unmapped-mails/compose-mail/drafts': () => ({
      payload: { ...takenMail, mailLogId: mailIds.unmapped },
    }),
    'PUT /v2/api/unmapped-mails/compose-mail/drafts/:id': () => ({ payload: { ...takenMail, send: true } }),
    'PUT /v2/api/claims/mails/:id/cancel-send': () => ({}),
    'PUT /v2/api/claims/mails/:id/send-now': () => ({}),
    'PUT /v2/api/settings/mail-templates/:id': () => ({ payload: { subject: 'Taken over', version: 1 } }),
    'DELETE /v2/api/settings/mail-templates/:id': () => ({}),
    'DELETE /v2/api/claims/mails/:id': () => ({}),
    'PUT /v2/api/claims/mails/:id/mark-read-status': () => ({}),
    'PUT /v2/api/unmapped-mails/:id/map': () => ({ payload: { caseId: a.caseId } }),
    'POST /v2/api/unmapped-mails/:id/create-case': () => ({ payload: { workFlow: 'claim' } }),
    'DELETE /v2/api/unmapped-mails/:id/create-case': () => ({}),
    'POST /v2/api/unmapped-mails/:id/reparse': () => ({}),
    'POST /v2/api/claims/mails/move': () => ({
      payload: { mailIds: [mailIds.mapped, mailIds.unmapped], caseId: null },
    }),
    'PUT /v2/api/claims/mails/:id/restore': () => ({}),
    'DELETE /v2/api/unmapped-mails/bin': () => ({}),
    // B finding or erasing a customer touches B's rows only (A's snapshot stays as it was).
    'POST /v2/api/privacy/customer-data/search': () => ({ payload: { email: 'kari@a.test' } }),
    'POST /v2/api/privacy/customer-data/erase': () => ({
      payload: { email: 'kari@a.test', confirmEmail: 'kari@a.test' },
    }),
    ...Object.fromEntries(
      ['/v2/api/suppliers', '/v2/shared/suppliers'].flatMap((base) => [
        [`PUT ${base}/:id`, () => ({ payload: { name: 'Taken over', version: 1, isDisabled: true } })],
        [`DELETE ${base}/:id`, () => ({})],
      ]),
    ),
    ...Object.fromEntries(
      [
        ['/v2/api/settings/initial-properties', a.propertyId],
        ['/v2/shared/initial-properties', a.companyPropertyId],
      ].flatMap(([base, foreignId]) => [
        [`POST ${String(base)}`, () => ({ payload: { name: 'dashboard', value: DEFAULT_DASHBOARD } })],
        [`PUT ${String(base)}/:propertyId`, () => ({ payload: { value: takenMenu, version: 1 } })],
        [`PUT ${String(base)}`, () => ({ payload: { name: 'menu', value: takenMenu } })],
        [`DELETE ${String(base)}`, () => ({ payload: { ids: [foreignId] } })],
        [`DELETE ${String(base)}/:propertyId`, () => ({})],
      ]),
    ),
  };
  return bodies[key]?.();
}
