/** A refused case answers coded field issues beside the English field texts, for clients to translate. */
import type { TErrorResponse } from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type Session } from './helpers/api';
import { createStore, createUser, setStoreConfig } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let session: Session;

const create = (body: unknown) => call(t.app, session, { method: 'POST', url: '/v2/api/claims', body });

beforeAll(async () => {
  t = await createTestApp();
  const store = await createStore(t.db);
  await setStoreConfig(t.db, store.tenantId, 'form.claim', {
    header: ['customer.name'],
    groups: [
      {
        key: 'main',
        label: 'Main',
        tab: 'details',
        fields: [
          { key: 'customer.name', label: 'Name', type: 'text', required: true },
          { key: 'custom.note', label: 'Note', type: 'text', maxLength: 5 },
          { key: 'custom.visits', label: 'Visits', type: 'number', min: 1, max: 10 },
          { key: 'orderReference', label: 'Order', type: 'text', required: true },
        ],
      },
    ],
  });
  session = await signIn(t.app, await createUser(t.db, store.tenantId));
});
afterAll(() => t.close());

describe('coded field issues', () => {
  it('codes the form rules: a too-long custom field, a number above its maximum, a required field', async () => {
    const response = await create({
      workFlow: 'claim',
      customer: { name: 'Ola' },
      customFields: { note: 'too long', visits: 11, shoeSize: 42 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<TErrorResponse>();
    expect(body.fieldErrors).toEqual({
      'custom.note': 'At most 5 characters',
      'custom.visits': 'At most 10',
      'custom.shoeSize': 'The claim form has no field custom.shoeSize',
      orderReference: 'Required',
    });
    expect(body.fieldIssues).toEqual({
      'custom.note': { code: 'too_long', params: { max: 5 } },
      'custom.visits': { code: 'too_big', params: { max: 10 } },
      'custom.shoeSize': { code: 'unknown_field' },
      orderReference: { code: 'required' },
    });
  });

  it('codes the request schema’s limits, keeping zod’s texts as fieldErrors', async () => {
    const response = await create({
      workFlow: 'claim',
      customer: { name: 'x'.repeat(201), email: 'not-an-email' },
      orderReference: 'A1',
      purchaseDate: '2099-12-31',
      items: [{ productName: '', quantity: 0 }],
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<TErrorResponse>();
    expect(body.fieldErrors).toMatchObject({
      purchaseDate: 'A purchase date cannot be in the future',
      'customer.email': 'Must be a valid email address',
    });
    expect(body.fieldIssues).toEqual({
      'customer.name': { code: 'too_long', params: { max: 200 } },
      'customer.email': { code: 'invalid_email' },
      purchaseDate: { code: 'future_date' },
      'items.0.productName': { code: 'required' },
      'items.0.quantity': { code: 'too_small', params: { min: 1 } },
    });
    expect(Object.keys(body.fieldIssues ?? {}).sort()).toEqual(Object.keys(body.fieldErrors ?? {}).sort());
  });

  it('codes a value of the wrong type and a status that is not the workflow’s', async () => {
    const response = await create({ workFlow: 'claim', customer: { name: 'Ola' }, status: 'lost' });
    expect(response.statusCode).toBe(400);
    expect(response.json<TErrorResponse>().fieldIssues).toMatchObject({
      status: { code: 'not_an_option', params: { value: 'lost' } },
    });
    const typed = await create({ workFlow: 'claim', customer: { name: 'Ola' }, orderReference: 5 });
    expect(typed.statusCode).toBe(400);
    expect(typed.json<TErrorResponse>().fieldIssues).toEqual({ orderReference: { code: 'not_text' } });
  });
});
