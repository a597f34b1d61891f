import {
  ZGetMySignaturesResponse,
  ZListMailboxSignaturesResponse,
  ZMailboxSignaturesParams,
  ZUpdateMailboxSignaturesRequest,
  ZUpdateMailboxSignaturesResponse,
  ZUpdateMySignaturesRequest,
  ZUpdateMySignaturesResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../../auth-context';
import { staffOnly } from '../../../cases/case-access';
import { mailboxAdmins } from '../../accounts/mailbox-access';
import * as service from './signatures.service';

/**
 * Signatures under the mail staff write: each person's own (in the profile) and each mailbox's
 * (in settings, administrators), as HTML per language.
 */
export async function signaturesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mine = '/v2/api/users/my-signature';
  const mailboxes = '/v2/api/settings/mail-signatures';

  r.get(mine, { config: staffOnly, schema: { response: { 200: ZGetMySignaturesResponse } } }, (request) =>
    service.getMySignatures(requireAuth(request)),
  );

  r.put(
    mine,
    {
      config: staffOnly,
      schema: { body: ZUpdateMySignaturesRequest, response: { 200: ZUpdateMySignaturesResponse } },
    },
    (request) => service.setMySignatures(requireAuth(request), request.body.signatures),
  );

  r.get(
    mailboxes,
    { config: mailboxAdmins, schema: { response: { 200: ZListMailboxSignaturesResponse } } },
    (request) => service.listMailboxesSignatures(requireAuth(request)),
  );

  r.put(
    `${mailboxes}/:mailboxId`,
    {
      config: mailboxAdmins,
      schema: {
        params: ZMailboxSignaturesParams,
        body: ZUpdateMailboxSignaturesRequest,
        response: { 200: ZUpdateMailboxSignaturesResponse },
      },
    },
    (request) =>
      service.setMailboxSignatures(requireAuth(request), request.params.mailboxId, request.body.signatures),
  );
}
