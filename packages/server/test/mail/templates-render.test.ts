/**
 * renderMailTemplate, as the compose calls use it: the case's items and people filled in, the
 * language fallback (asked, then the store's, then English, then any), the store's overrides
 * and disabled templates, and another store's case refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTemplates } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import { renderMailTemplate } from '../../src/modules/mail-templates/render-template';
import { createCase, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let store: StoreFixture;
let userName: string;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db, { language: 'da' });
  userName = (await createUser(t.db, store.tenantId, { firstName: 'Mette', lastName: 'Madsen' })).username;
});
afterAll(() => t.close());

const own = (values: { key: string; language: string; subject: string; isDisabled?: boolean }) =>
  t.db.insert(mailTemplates).values({
    tenantId: store.tenantId,
    workFlow: 'claim',
    sendType: 'customer',
    body: `<p>${values.subject}</p>`,
    ...values,
  });

describe('renderMailTemplate', () => {
  it('fills a built-in template from the case, its items, the store and the staff member', async () => {
    const theCase = await createCase(t.db, store.tenantId, {
      customerName: 'Kari Nordmann',
      customerEmail: 'kari@example.test',
      orderReference: 'ORD-77',
      supplierName: 'Kettles AS',
      items: [
        { productName: 'Kettle', sku: 'K-1', quantity: 2 },
        { productName: 'Toaster', quantity: 1 },
      ],
    });
    const rendered = await renderMailTemplate(forTenant(t.db, store.tenantId), {
      templateKey: 'supplier-request',
      language: 'en',
      caseId: theCase.id,
      userName,
    });
    const number = String(theCase.caseNumber);
    expect(rendered).toMatchObject({
      key: 'supplier-request',
      subject: `Claim ${number} from Store ${store.tenantId}`,
    });
    expect(rendered?.html).toContain('<p>Dear Kettles AS,</p>');
    expect(rendered?.html).toContain('Kettle (SKU K-1) × 2<br />Toaster × 1');
    expect(rendered?.text).toContain(
      `Order reference: ORD-77\nOur case number: ${number}\n\nPlease let us know how`,
    );
    expect(rendered?.text).toContain('the following items:\nKettle (SKU K-1) × 2\nToaster × 1\n\n');
    expect(rendered?.text.endsWith(`Kind regards,\nMette Madsen\nStore ${store.tenantId}`)).toBe(true);
    expect(rendered?.text).not.toMatch(/[<>{}]/);

    const german = await renderMailTemplate(forTenant(t.db, store.tenantId), {
      templateKey: 'claim-update',
      language: 'de',
      caseId: theCase.id,
      userName,
    });
    expect(german?.subject).toBe(`Neuigkeiten zu Ihrer Reklamation – Vorgang ${number}`);
    expect(german?.text).toContain('Der aktuelle Status lautet: Neu.');
  });

  it('writes a fallback for a missing value, and else leaves the placeholder for a person to fill in', async () => {
    const theCase = await createCase(t.db, store.tenantId, {
      customerName: 'Kari Nordmann',
      orderReference: null,
    });
    await t.db.insert(mailTemplates).values({
      tenantId: store.tenantId,
      workFlow: 'claim',
      sendType: 'customer',
      key: 'gaps',
      language: 'en',
      subject: 'Order {{order.reference}} for {{customer.name}}',
      body: '<p>Dear {{customer.name}}, your supplier {{supplier.name|(not chosen yet)}} answers soon.</p>',
    });
    const rendered = await renderMailTemplate(forTenant(t.db, store.tenantId), {
      templateKey: 'gaps',
      language: 'en',
      caseId: theCase.id,
      userName,
    });
    expect(rendered?.subject).toBe('Order {{order.reference}} for Kari Nordmann');
    expect(rendered?.html).toContain('your supplier (not chosen yet) answers soon');
  });

  it('falls back to the store’s language, then English, then any language it exists in', async () => {
    await own({ key: 'note-da-en', language: 'da', subject: 'Dansk' });
    await own({ key: 'note-da-en', language: 'en', subject: 'English' });
    await own({ key: 'note-en-de', language: 'en', subject: 'English' });
    await own({ key: 'note-en-de', language: 'de', subject: 'Deutsch' });
    await own({ key: 'note-de', language: 'de', subject: 'Nur Deutsch' });
    const render = async (templateKey: string, language: 'en' | 'nr' | 'da' | 'de') =>
      (
        await renderMailTemplate(forTenant(t.db, store.tenantId), {
          templateKey,
          language,
          caseId: null,
          userName,
        })
      )?.subject;
    expect(await render('note-da-en', 'en')).toBe('English');
    expect(await render('note-da-en', 'nr')).toBe('Dansk');
    expect(await render('note-en-de', 'nr')).toBe('English');
    expect(await render('note-en-de', 'de')).toBe('Deutsch');
    expect(await render('note-de', 'nr')).toBe('Nur Deutsch');
    expect(await render('no-such-template', 'en')).toBeUndefined();
    expect(
      await renderMailTemplate(forTenant(t.db, store.tenantId), {
        templateKey: 'no-such-template',
        language: 'en',
        caseId: null,
        userName,
      }),
    ).toBeNull();
  });

  it('uses the store’s override, and a disabled one hides the built-in in that language', async () => {
    await own({ key: 'claim-received', language: 'nr', subject: 'Egen tekst {{case.number}}' });
    await own({ key: 'claim-received', language: 'da', subject: 'Slået fra', isDisabled: true });
    const render = (language: 'nr' | 'da' | 'de') =>
      renderMailTemplate(forTenant(t.db, store.tenantId), {
        templateKey: 'claim-received',
        language,
        caseId: null,
        userName,
      });
    // Without a case, the case's number stays written out for a person to fill in.
    expect((await render('nr'))?.subject).toBe('Egen tekst {{case.number}}');
    // Danish is disabled and is the store's language: English, the next in line, answers.
    expect((await render('da'))?.subject).toBe('We have received your claim – case {{case.number}}');
    expect((await render('de'))?.subject).toBe(
      'Ihre Reklamation ist bei uns eingegangen – Vorgang {{case.number}}',
    );
  });

  it('refuses another store’s case with a 404', async () => {
    const otherStore = await createStore(t.db);
    const foreign = await createCase(t.db, otherStore.tenantId, { customerName: 'Not yours' });
    await expect(
      renderMailTemplate(forTenant(t.db, store.tenantId), {
        templateKey: 'claim-update',
        language: 'en',
        caseId: foreign.id,
        userName,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
  });

  it('runs inside a caller’s transaction', async () => {
    const theCase = await createCase(t.db, store.tenantId, { customerName: 'Ola' });
    const rendered = await forTenant(t.db, store.tenantId).transaction((tx) =>
      renderMailTemplate(tx, {
        templateKey: 'claim-forward',
        language: 'nr',
        caseId: theCase.id,
        userName: 'someone-without-a-user-row@example.test',
      }),
    );
    expect(rendered?.subject).toBe(`Videresendt: reklamasjon ${String(theCase.caseNumber)} – Ola`);
    expect(rendered?.text).toContain('someone-without-a-user-row@example.test');
  });
});
