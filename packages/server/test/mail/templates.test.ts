/**
 * Mail templates through HTTP: the built-in ones in four languages, a store's overrides (and
 * deleting back to the built-in), placeholder validation, optimistic versions, role gating,
 * another store's ids, and previews that escape a hostile customer name.
 */
import { DEFAULT_FEATURES, type TMailTemplate, type TRenderedMailTemplate } from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, signInWithOtp, type Session } from '../helpers/api';
import { createCase, createContact, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let store: StoreFixture;
let admin: Session;
let superAdmin: Session;
let agent: Session;
let other: Session;
const base = '/v2/api/settings/mail-templates';
const forWorkflow = (workFlow: string, query = '') =>
  `/v2/api/settings/initial-properties/mail-templates/${workFlow}${query}`;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db, { language: 'nr', features: { ...DEFAULT_FEATURES, supportClaim: true } });
  admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
  superAdmin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['SUPER_ADMIN_USER'] }));
  agent = await signIn(
    t.app,
    await createUser(t.db, store.tenantId, { firstName: 'Siri', lastName: 'Staff' }),
  );
  const otherStore = await createStore(t.db);
  other = await signIn(t.app, await createUser(t.db, otherStore.tenantId, { roles: ['ADMIN_USER'] }));
});
afterAll(() => t.close());

const list = async (session: Session, url: string) => {
  const response = await call(t.app, session, { url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TMailTemplate[]>();
};
const create = (session: Session, body: Record<string, unknown>) =>
  call(t.app, session, { method: 'POST', url: base, body });
const override = {
  key: 'claim-received',
  workFlow: 'claim',
  sendType: 'customer',
  language: 'de',
  subject: 'Danke! Vorgang {{ case.number }}',
  body: '<p>Hallo {{customer.name}}, wir kümmern uns darum.</p>',
};

describe('built-in templates', () => {
  it('are offered for the claim workflow in en, nr, da and de, each in its own words', async () => {
    const templates = await list(agent, forWorkflow('claim'));
    const keys = new Set(templates.map((t) => t.key));
    expect([...keys].sort()).toEqual(['claim-forward', 'claim-received', 'claim-update', 'supplier-request']);
    const received = templates.filter((t) => t.key === 'claim-received');
    expect(received.map((t) => t.language)).toEqual(['en', 'nr', 'da', 'de']);
    expect(new Set(received.map((t) => t.subject)).size).toBe(4);
    expect(received.find((t) => t.language === 'de')).toMatchObject({
      id: null,
      isBuiltIn: true,
      hasBuiltIn: true,
      isDisabled: false,
      version: 0,
      workFlow: 'claim',
      sendType: 'customer',
      subject: 'Ihre Reklamation ist bei uns eingegangen – Vorgang {{case.number}}',
    });
    expect(templates.find((t) => t.key === 'supplier-request')?.sendType).toBe('supplier');
    expect(templates.find((t) => t.key === 'claim-forward')?.sendType).toBe('forward');
  });

  it('include the support reply for the support workflow, filtered by language and send type', async () => {
    const support = await list(agent, forWorkflow('support', '?language=da&sendType=customer'));
    expect(support.map((t) => [t.key, t.language])).toEqual([
      ['support-received', 'da'],
      ['support-reply', 'da'],
    ]);
    expect(support[1]?.body).toContain('Tak for din besked.');
    const suppliers = await list(agent, forWorkflow('claim', '?sendType=supplier&language=nr'));
    expect(suppliers.map((t) => t.key)).toEqual(['supplier-request']);
  });

  it('answer 404 for a workflow the store does not offer, and 400 for a bad filter', async () => {
    const unknown = await call(t.app, agent, { url: forWorkflow('warranty') });
    expect(unknown.statusCode).toBe(404);
    const off = await call(t.app, other, { url: forWorkflow('support') });
    expect(off.statusCode).toBe(404);
    const bad = await call(t.app, agent, { url: forWorkflow('claim', '?language=fr') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fieldErrors: { language: expect.any(String) as string } });
  });

  it('take the static route before the settings module’s initial-properties/:option', async () => {
    // A staff member may not list store properties (super admins only), yet reads templates.
    const option = await call(t.app, agent, { url: '/v2/api/settings/initial-properties/menu' });
    expect(option.statusCode).toBe(403);
    const templates = await call(t.app, agent, { url: forWorkflow('claim') });
    expect(templates.statusCode).toBe(200);
  });
});

describe('a store’s own templates', () => {
  it('override a built-in one in one language, and deleting goes back to the built-in', async () => {
    const created = await create(admin, override);
    expect(created.statusCode, created.body).toBe(201);
    const mine = created.json<TMailTemplate>();
    expect(mine).toMatchObject({ ...override, isBuiltIn: false, hasBuiltIn: true, version: 1 });
    expect(mine.id).toEqual(expect.any(Number) as number);

    const merged = (await list(agent, forWorkflow('claim'))).filter((t) => t.key === 'claim-received');
    expect(merged.map((t) => [t.language, t.isBuiltIn])).toEqual([
      ['en', true],
      ['nr', true],
      ['da', true],
      ['de', false],
    ]);
    expect(merged[3]?.subject).toBe(override.subject);

    const again = await create(admin, override);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      fieldErrors: { key: expect.any(String) as string },
    });

    const deleted = await call(t.app, admin, { method: 'DELETE', url: `${base}/${String(mine.id)}` });
    expect(deleted.statusCode).toBe(204);
    const back = (await list(agent, forWorkflow('claim', '?language=de'))).find(
      (t) => t.key === 'claim-received',
    );
    expect(back).toMatchObject({ isBuiltIn: true, id: null });
    const gone = await call(t.app, admin, { method: 'DELETE', url: `${base}/${String(mine.id)}` });
    expect(gone.statusCode).toBe(404);
  });

  it('when disabled, hide the built-in one from composing but stay on the settings list', async () => {
    const created = await create(admin, { ...override, language: 'en', isDisabled: true });
    expect(created.statusCode).toBe(201);
    const offered = await list(agent, forWorkflow('claim', '?language=en'));
    expect(offered.map((t) => t.key)).not.toContain('claim-received');
    const settings = await list(agent, `${base}?workFlow=claim&language=en`);
    expect(settings.find((t) => t.key === 'claim-received')).toMatchObject({
      isDisabled: true,
      isBuiltIn: false,
    });
  });

  it('may use new keys; the settings list shows them with the built-in ones', async () => {
    const created = await create(admin, {
      key: 'claim-pickup',
      workFlow: 'claim',
      sendType: 'customer',
      language: 'nr',
      subject: 'Varen din er klar – sak {{case.number}}',
      body: '<p>Hei {{customer.name}}, varen kan hentes.</p>',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ hasBuiltIn: false, isBuiltIn: false });
    const all = await list(admin, base);
    expect(all.map((t) => t.key)).toEqual(expect.arrayContaining(['claim-pickup', 'support-reply']));
    // The key has workflow claim and send type customer in every language.
    const clash = await create(admin, {
      key: 'claim-pickup',
      workFlow: 'claim',
      sendType: 'supplier',
      language: 'en',
      subject: 'x',
      body: 'x',
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toMatchObject({
      fieldErrors: { sendType: expect.stringContaining('customer') as string },
    });
  });
});

describe('validation', () => {
  it('refuses an unknown or unclosed placeholder, naming it on its field', async () => {
    const unknownInBody = await create(admin, {
      ...override,
      language: 'da',
      body: '<p>{{customer.phone}}</p>',
    });
    expect(unknownInBody.statusCode).toBe(400);
    expect(unknownInBody.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { body: expect.stringContaining('{{customer.phone}}') as string },
      fieldIssues: { body: { code: 'unknown_placeholder', params: { name: '{{customer.phone}}' } } },
    });
    const unclosed = await create(admin, { ...override, language: 'da', subject: 'Sak {{case.number' });
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json()).toMatchObject({
      fieldErrors: { subject: expect.stringContaining('Unclosed') as string },
      fieldIssues: { subject: { code: 'unclosed_placeholder', params: { text: '{{case.number' } } },
    });
    const preview = await call(t.app, agent, {
      method: 'POST',
      url: `${base}/preview`,
      body: { subject: 'x', body: '{{ case.numbr }}', caseId: null },
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json()).toMatchObject({
      fieldErrors: { body: expect.stringContaining('{{case.numbr}}') as string },
      fieldIssues: { body: { code: 'unknown_placeholder', params: { name: '{{case.numbr}}' } } },
    });
  });

  it('checks the key, workflow, send type, language and sizes', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ key: 'Not A Slug' }, 'key'],
      [{ workFlow: 'warranty' }, 'workFlow'],
      [{ workFlow: 'support' }, 'workFlow'],
      [{ sendType: 'everyone' }, 'sendType'],
      [{ language: 'sv' }, 'language'],
      [{ subject: 'x'.repeat(301) }, 'subject'],
      [{ body: `<p>${'x'.repeat(100 * 1024)}</p>` }, 'body'],
    ];
    for (const [change, field] of cases) {
      const response = await create(admin, { ...override, language: 'da', ...change });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json<{ fieldErrors: object }>().fieldErrors)).toContain(field);
    }
    const fallback = await create(admin, {
      ...override,
      language: 'da',
      subject: `{{supplier.name|${'x'.repeat(201)}}}`,
      key: 'Not A Slug',
    });
    expect(fallback.json()).toMatchObject({
      fieldIssues: {
        subject: { code: 'fallback_too_long', params: { name: '{{supplier.name}}', max: 200 } },
        key: { code: 'not_a_key', params: { max: 60 } },
      },
    });
  });
});

describe('changing a template', () => {
  it('needs the current version: a stale one is 409 and changes nothing', async () => {
    const created = (await create(admin, { ...override, language: 'nr' })).json<TMailTemplate>();
    const url = `${base}/${String(created.id)}`;
    const first = await call(t.app, superAdmin, {
      method: 'PUT',
      url,
      body: { subject: 'Ny tittel {{case.number}}', version: 1 },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      subject: 'Ny tittel {{case.number}}',
      body: override.body,
      version: 2,
    });
    const stale = await call(t.app, admin, { method: 'PUT', url, body: { isDisabled: true, version: 1 } });
    expect(stale.statusCode).toBe(409);
    const stored = (await list(admin, `${base}?language=nr`)).find((t) => t.id === created.id);
    expect(stored).toMatchObject({ isDisabled: false, version: 2 });
    const badPlaceholder = await call(t.app, admin, {
      method: 'PUT',
      url,
      body: { body: '{{x}}', version: 2 },
    });
    expect(badPlaceholder.statusCode).toBe(400);
  });
});

describe('roles and stores', () => {
  it('lets staff read and preview, only administrators and super admins write', async () => {
    expect((await call(t.app, agent, { url: base })).statusCode).toBe(200);
    expect((await create(agent, { ...override, language: 'da' })).statusCode).toBe(403);
    const bySuperAdmin = await create(superAdmin, { ...override, language: 'da' });
    expect(bySuperAdmin.statusCode).toBe(201);
    const id = bySuperAdmin.json<TMailTemplate>().id;
    const put = await call(t.app, agent, {
      method: 'PUT',
      url: `${base}/${String(id)}`,
      body: { isDisabled: true, version: 1 },
    });
    expect(put.statusCode).toBe(403);
    expect((await call(t.app, agent, { method: 'DELETE', url: `${base}/${String(id)}` })).statusCode).toBe(
      403,
    );

    const contact = await createContact(t.db, store.tenantId);
    await createCase(t.db, store.tenantId, { participants: [contact.email] });
    const otp = await signInWithOtp(t.app, t.dataDir, contact.email);
    expect((await call(t.app, otp, { url: forWorkflow('claim') })).statusCode).toBe(403);
    expect((await call(t.app, otp, { url: base })).statusCode).toBe(403);
  });

  it('answers 404 for another store’s template or case, and never lists them', async () => {
    const mine = (
      await create(admin, { ...override, language: 'en', key: 'secret-note' })
    ).json<TMailTemplate>();
    const theCase = await createCase(t.db, store.tenantId, { customerName: 'Hidden Customer' });
    const url = `${base}/${String(mine.id)}`;
    expect(
      (await call(t.app, other, { method: 'PUT', url, body: { subject: 'x', version: 1 } })).statusCode,
    ).toBe(404);
    expect((await call(t.app, other, { method: 'DELETE', url })).statusCode).toBe(404);
    const preview = await call(t.app, other, {
      method: 'POST',
      url: `${base}/preview`,
      body: { subject: '{{customer.name}}', body: '<p>{{customer.name}}</p>', caseId: theCase.id },
    });
    expect(preview.statusCode).toBe(404);
    expect(preview.body).not.toContain('Hidden Customer');
    const theirs = await list(other, base);
    expect(theirs.some((t) => t.id !== null)).toBe(false);
    expect((await list(admin, base)).some((t) => t.key === 'secret-note')).toBe(true);
  });
});

describe('preview', () => {
  it('escapes HTML in every value and derives the text version from the HTML', async () => {
    const theCase = await createCase(t.db, store.tenantId, {
      customerName: '<script>alert("x")</script> & Co',
      customerEmail: 'kari@example.test',
      status: 'waiting-customer',
      items: [{ productName: '<img src=x onerror=alert(1)>', sku: 'K-1', quantity: 2 }],
    });
    const response = await call(t.app, agent, {
      method: 'POST',
      url: `${base}/preview`,
      body: {
        subject: 'Hei {{customer.name}} – {{case.number}}',
        body: '<p>Hei {{ customer.name }},</p><p>{{items}}</p><p>Status: {{case.status}}</p><script>bad()</script><p><a href="mailto:{{customer.email}}">{{customer.email}}</a> – {{user.name}}</p>',
        caseId: theCase.id,
        language: 'en',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rendered = response.json<TRenderedMailTemplate>();
    expect(rendered.subject).toBe(`Hei <script>alert("x")</script> & Co – ${String(theCase.caseNumber)}`);
    expect(rendered.html).not.toMatch(/<script|<img|bad\(\)/);
    expect(rendered.html).toContain('&lt;script&gt;alert("x")&lt;/script&gt; &amp; Co');
    expect(rendered.html).toContain('&lt;img src=x onerror=alert(1)&gt; (SKU K-1) × 2');
    expect(rendered.html).toContain('<a href="mailto:kari@example.test">kari@example.test</a>');
    expect(rendered.text).toBe(
      [
        'Hei <script>alert("x")</script> & Co,',
        '',
        '<img src=x onerror=alert(1)> (SKU K-1) × 2',
        '',
        'Status: Waiting for your reply',
        '',
        'kari@example.test – Siri Staff',
      ].join('\n'),
    );
  });

  it('without a case leaves the case and customer placeholders written out, in the store’s language', async () => {
    const response = await call(t.app, agent, {
      method: 'POST',
      url: `${base}/preview`,
      body: {
        subject: 'Sak {{case.number}}',
        body: '<p>[{{customer.name}}] {{store.name}}</p>',
        caseId: null,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      subject: 'Sak {{case.number}}',
      html: `<p>[{{customer.name}}] Store ${store.tenantId}</p>`,
      text: `[{{customer.name}}] Store ${store.tenantId}`,
    });
  });
});
