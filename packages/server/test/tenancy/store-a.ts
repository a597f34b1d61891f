/**
 * Store A of the tenancy sweep: the store whose records every other store must not reach. Its
 * data carries the marker in names, subjects and notes, so an answer that shows any of it is seen.
 */
import { expect } from 'vitest';
import { call, signIn, type Session } from '../helpers/api';
import {
  createCase,
  createContact,
  createItemType,
  createStore,
  createUser,
  type StoreFixture,
  type UserFixture,
} from '../helpers/factories';
import { multipartFile, pngBytes } from '../helpers/files';
import type { TestApp } from '../helpers/test-app';
import { forTenant } from '../../src/db/tenant-db';
import { insertShopConnection } from '../../src/modules/shops/shop-connections.repository';
import {
  companies,
  companyProperties,
  companySuppliers,
  mailLogs,
  storeProperties,
} from '../../src/db/schema';

export const MARKER = 'qxmarker';

export interface StoreA {
  store: StoreFixture;
  admin: UserFixture;
  agent: UserFixture;
  session: Session;
  /** Store A's stored menu document. */
  propertyId: number;
  /** A stored document of a company no store B belongs to (the shared path's foreign id). */
  companyPropertyId: number;
  /** Store A's case (its customer and item carry the marker) and item type. */
  caseId: number;
  caseNumber: number;
  itemTypeId: number;
  /** Store A's supplier (its name and contact person carry the marker). */
  supplierId: number;
  /** A supplier of the company no store B belongs to (the shared path's foreign id). */
  companySupplierId: number;
}

/** A one-time-code participant of A's case: B taking it off would show in A's outside access. */
export const PARTICIPANT_OF_A = 'participant-of-a@outside.test';
/** Store A's mails (their subjects carry the marker): one on its case, one unmapped, one in the bin. */
export const mailIds = { mapped: 0, unmapped: 0, binned: 0 };
/** Store A's own mail template (its key and texts carry the marker). */
export let mailTemplateId = 0;
/** Store A's cost line and credit note (their notes carry the marker) and exchange rate. */
export const costIds = { line: 0, creditNote: 0, rate: 0 };
export const sweepCostLine = {
  costType: 'shipping',
  amountMinor: 100,
  currency: 'NOK',
  vatRate: 25,
  costDate: '2026-01-15',
  paidBy: 'supplier',
};
/** Store A's mailbox (its address carries the marker). */
export let mailboxId = 0;
/** Store A's connected shop (its address carries the marker). */
export let shopId = 0;

/** Makes store A and its data (see the fields of StoreA); the mail, cost and setting ids above are set here. */
export async function createStoreA(t: TestApp): Promise<StoreA> {
  const storeA = await createStore(t.db, { tenantId: `store-${MARKER}`, companyName: `Company of A` });
  const admin = await createUser(t.db, storeA.tenantId, {
    username: `admin-${MARKER}@a.test`,
    roles: ['ADMIN_USER'],
    firstName: `Ada ${MARKER}`,
    lastName: `Admin ${MARKER}`,
  });
  const agent = await createUser(t.db, storeA.tenantId, {
    username: `agent-${MARKER}@a.test`,
    firstName: `Alex ${MARKER}`,
    lastName: `Agent ${MARKER}`,
  });
  const [menu] = await t.db
    .insert(storeProperties)
    .values({
      tenantId: storeA.tenantId,
      name: 'menu',
      value: [{ key: MARKER, label: MARKER, workFlow: 'claim' }],
    })
    .returning();
  const [companyC] = await t.db
    .insert(companies)
    .values({ name: `Company C ${MARKER}` })
    .returning();
  const [companyMenu] = await t.db
    .insert(companyProperties)
    .values({ companyId: companyC?.id ?? 0, name: 'menu', value: [{ key: MARKER, label: MARKER }] })
    .returning();
  const a: StoreA = {
    store: storeA,
    admin,
    agent,
    session: { ...(await signIn(t.app, admin)), companyName: storeA.companyName },
    propertyId: menu?.id ?? 0,
    companyPropertyId: companyMenu?.id ?? 0,
    caseId: 0,
    caseNumber: 0,
    itemTypeId: 0,
    supplierId: 0,
    companySupplierId: 0,
  };
  const itemType = await createItemType(t.db, storeA.tenantId, { key: MARKER, names: { en: MARKER } });
  const theCase = await createCase(t.db, storeA.tenantId, {
    customerName: `Kari ${MARKER}`,
    assignee: agent.username,
    items: [{ productName: `Kettle ${MARKER}`, itemTypeId: itemType.id }],
    participants: [PARTICIPANT_OF_A],
  });
  a.itemTypeId = itemType.id;
  a.caseId = theCase.id;
  a.caseNumber = theCase.caseNumber;
  const supplier = await call(t.app, a.session, {
    method: 'POST',
    url: '/v2/api/suppliers',
    body: {
      name: `Supplier ${MARKER}`,
      contactPersons: [{ fullName: `Person ${MARKER}`, email: `person-${MARKER}@supplier.test` }],
    },
  });
  expect(supplier.statusCode, supplier.body).toBe(201);
  a.supplierId = supplier.json<{ id: number }>().id;
  const [companySupplier] = await t.db
    .insert(companySuppliers)
    .values({ companyId: companyC?.id ?? 0, name: `Company supplier ${MARKER}` })
    .returning();
  a.companySupplierId = companySupplier?.id ?? 0;
  await createContact(t.db, storeA.tenantId, { email: `contact-${MARKER}@supplier.test` });
  for (const [key, caseId] of [
    ['mapped', theCase.id],
    ['unmapped', null],
    ['binned', null],
  ] as const) {
    const [mail] = await t.db
      .insert(mailLogs)
      .values({
        tenantId: storeA.tenantId,
        caseId,
        direction: 'in',
        messageId: `<${key}-${MARKER}@a.test>`,
        subject: MARKER,
        isDeleted: key === 'binned',
      })
      .returning();
    mailIds[key] = mail?.id ?? 0;
  }
  const costUrl = `/v2/api/claims/${String(theCase.id)}`;
  const withLine = await call(t.app, a.session, {
    method: 'POST',
    url: `${costUrl}/costs`,
    body: { ...sweepCostLine, note: `Freight ${MARKER}` },
  });
  expect(withLine.statusCode, withLine.body).toBe(201);
  costIds.line = withLine.json<{ lines: { id: number }[] }>().lines[0]?.id ?? 0;
  const withNote = await call(t.app, a.session, {
    method: 'POST',
    url: `${costUrl}/credit-notes`,
    body: {
      number: 'KN-1',
      noteDate: '2026-01-20',
      amountMinor: 100,
      currency: 'NOK',
      note: `Credit ${MARKER}`,
    },
  });
  expect(withNote.statusCode, withNote.body).toBe(201);
  costIds.creditNote = withNote.json<{ creditNotes: { id: number }[] }>().creditNotes[0]?.id ?? 0;
  const rate = await call(t.app, a.session, {
    method: 'PUT',
    url: '/v2/api/settings/exchange-rates',
    body: { currency: 'EUR', rateDate: '2026-01-01', rate: 11.5 },
  });
  expect(rate.statusCode, rate.body).toBe(200);
  costIds.rate = rate.json<{ id: number }>().id;
  const template = await call(t.app, a.session, {
    method: 'POST',
    url: '/v2/api/settings/mail-templates',
    body: {
      key: MARKER,
      workFlow: 'claim',
      sendType: 'customer',
      language: 'en',
      subject: MARKER,
      body: MARKER,
    },
  });
  expect(template.statusCode).toBe(201);
  mailTemplateId = template.json<{ id: number }>().id;
  const mailbox = await call(t.app, a.session, {
    method: 'POST',
    url: '/v2/api/settings/mailboxes',
    body: { kind: 'forward', address: `box-${MARKER}@a.test` },
  });
  expect(mailbox.statusCode).toBe(201);
  mailboxId = mailbox.json<{ id: number }>().id;
  const shop = await insertShopConnection(forTenant(t.db, storeA.tenantId), {
    kind: 'woocommerce',
    shop: `https://shop-${MARKER}.a.test`,
    secretEncrypted: t.app.deps.secrets.seal(
      storeA.tenantId,
      JSON.stringify({ consumerKey: MARKER, consumerSecret: MARKER }),
    ),
  });
  shopId = shop?.id ?? 0;
  for (const [url, html] of [
    [`/v2/api/settings/mail-signatures/${String(mailboxId)}`, `<p>Signed ${MARKER}</p>`],
    ['/v2/api/users/my-signature', `<p>Ada ${MARKER}</p>`],
  ] as const) {
    const signature = await call(t.app, a.session, {
      method: 'PUT',
      url,
      body: { signatures: { en: html } },
    });
    expect(signature.statusCode, signature.body).toBe(200);
  }
  const preference = await call(t.app, a.session, {
    method: 'PUT',
    url: '/v2/api/users/user-preference',
    body: { [MARKER]: MARKER },
  });
  expect(preference.statusCode).toBe(200);
  const { payload, headers } = multipartFile(pngBytes());
  expect(
    (
      await call(t.app, a.session, {
        method: 'POST',
        url: `/v2/api/users/profile-picture/${agent.id}`,
        body: payload,
        headers,
      })
    ).statusCode,
  ).toBe(200);
  return a;
}
