import {
  ZCaseCostParams,
  ZCaseCosts,
  ZCaseCreditNoteParams,
  ZCreateCostLineRequest,
  ZCreateCreditNoteRequest,
  ZExchangeRate,
  ZExchangeRatesResponse,
  ZIdParam,
  ZPutExchangeRateRequest,
  ZUpdateCostLineRequest,
  ZUpdateRecoveryRequest,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invalidFields, notFound } from '../../lib/app-error';
import { fieldProblem } from '@claimdesk/contracts';
import { requireAuth } from '../../auth-context';
import { adminsOnly, staffOnly } from '../cases/case-access';
import { ZCaseIdParams } from '@claimdesk/contracts';
import * as rates from './exchange-rates.repository';
import * as service from './costs.service';
import { NO_CONTENT } from '../../lib/openapi-answers';

/**
 * A case's costs and credit notes and its recovery from the supplier (staff, with `costReg`
 * on; every write answers the case's costs as GET does), and the store's exchange rates
 * (administrators keep them, staff read them).
 */
export async function costsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/api/claims/:id';
  const costs = { 200: ZCaseCosts };

  r.get(
    `${base}/costs`,
    { config: staffOnly, schema: { params: ZCaseIdParams, response: costs } },
    (request) => service.getCaseCosts(requireAuth(request), request.params.id),
  );

  r.post(
    `${base}/costs`,
    {
      config: staffOnly,
      schema: { params: ZCaseIdParams, body: ZCreateCostLineRequest, response: { 201: ZCaseCosts } },
    },
    async (request, reply) =>
      reply.code(201).send(await service.addCostLine(requireAuth(request), request.params.id, request.body)),
  );

  r.put(
    `${base}/costs/:costId`,
    { config: staffOnly, schema: { params: ZCaseCostParams, body: ZUpdateCostLineRequest, response: costs } },
    (request) =>
      service.updateCostLine(requireAuth(request), request.params.id, request.params.costId, request.body),
  );

  r.delete(
    `${base}/costs/:costId`,
    { config: staffOnly, schema: { params: ZCaseCostParams, response: costs } },
    (request) => service.deleteCostLine(requireAuth(request), request.params.id, request.params.costId),
  );

  r.post(
    `${base}/credit-notes`,
    {
      config: staffOnly,
      schema: { params: ZCaseIdParams, body: ZCreateCreditNoteRequest, response: { 201: ZCaseCosts } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.addCreditNote(requireAuth(request), request.params.id, request.body)),
  );

  r.delete(
    `${base}/credit-notes/:noteId`,
    { config: staffOnly, schema: { params: ZCaseCreditNoteParams, response: costs } },
    (request) => service.deleteCreditNote(requireAuth(request), request.params.id, request.params.noteId),
  );

  r.put(
    `${base}/recovery`,
    { config: staffOnly, schema: { params: ZCaseIdParams, body: ZUpdateRecoveryRequest, response: costs } },
    (request) => service.updateRecovery(requireAuth(request), request.params.id, request.body),
  );

  const ratesBase = '/v2/api/settings/exchange-rates';

  r.get(
    ratesBase,
    { config: staffOnly, schema: { response: { 200: ZExchangeRatesResponse } } },
    async (request) => {
      const db = requireAuth(request).db;
      const form = await service.costForm(db);
      return { storeCurrency: form.defaultCurrency, rates: await rates.listRates(db) };
    },
  );

  r.put(
    ratesBase,
    { config: adminsOnly, schema: { body: ZPutExchangeRateRequest, response: { 200: ZExchangeRate } } },
    async (request) => {
      const auth = requireAuth(request);
      const form = await service.costForm(auth.db);
      const { currency } = request.body;
      if (currency === form.defaultCurrency || !form.currencies.includes(currency)) {
        const message =
          currency === form.defaultCurrency
            ? `${currency} is the store's own currency: its rate is always 1`
            : `This store does not take ${currency}`;
        throw invalidFields(message, {
          currency: fieldProblem('not_an_option', message, { value: currency }),
        });
      }
      return rates.putRate(auth.db, request.body, auth.username);
    },
  );

  r.delete(
    `${ratesBase}/:id`,
    { config: { ...adminsOnly, answers: NO_CONTENT }, schema: { params: ZIdParam } },
    async (request, reply) => {
      const auth = requireAuth(request);
      await service.costForm(auth.db);
      if (!(await rates.deleteRate(auth.db, request.params.id))) throw notFound('Exchange rate');
      return reply.code(204).send();
    },
  );
}
