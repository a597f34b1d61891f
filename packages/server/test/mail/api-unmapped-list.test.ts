/**
 * Unmapped mails through HTTP, the triage lists: the inbox with keyset paging, sent mails without a
 * case and unparseable mails in their own tabs, and bad parameters.
 */
import type { TListUnmappedMailsResponse } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { mailLogs } from '../../src/db/schema';
import { signIn } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import { rawMail } from './mail-store';
import { ingest, list, otherStaff, page, setUpUnmappedApp, store, t } from './unmapped-setup';

setUpUnmappedApp();

describe('GET /v2/api/unmapped-mails', () => {
  it('pages the inbox newest first by keyset, without text or HTML but with a snippet', async () => {
    const paging = await createStore(t.db);
    const session = await signIn(t.app, await createUser(t.db, paging.tenantId));
    const ids: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      ids.push(
        await ingest(
          paging.tenantId,
          rawMail({
            messageId: `<p${String(n)}@customer.test>`,
            subject: `Question ${String(n)}`,
            body: `Body ${String(n)}`,
          }),
        ),
      );
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list(`type=inbox&limit=2${cursor ? `&cursor=${cursor}` : ''}`, session);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TListUnmappedMailsResponse>();
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((m) => m.id));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    const [first] = (await list('type=inbox&limit=1', session)).json<TListUnmappedMailsResponse>().items;
    expect(first).toMatchObject({
      id: ids[4],
      subject: 'Question 5',
      snippet: 'Body 5',
      caseId: null,
      isRead: false,
    });
    expect(first).not.toHaveProperty('html');
    expect(first).not.toHaveProperty('text');
    expect((await list('type=sent', session)).json<TListUnmappedMailsResponse>().items).toEqual([]);
    expect((await list('type=inbox', otherStaff)).json<TListUnmappedMailsResponse>().items).toEqual([]);
  });

  it('lists sent mails without a case and unparseable mails in their own tabs', async () => {
    const [sent] = await t.db
      .insert(mailLogs)
      .values({
        tenantId: store.tenantId,
        direction: 'out',
        messageId: '<sent-unmapped@store.test>',
        subject: 'We got your parcel',
        to: [{ address: 'ola@customer.test', name: 'Ola' }],
        sendState: 'sent',
        isRead: true,
      })
      .returning();
    await t.db.insert(mailLogs).values({
      tenantId: store.tenantId,
      direction: 'out',
      messageId: '<draft-unmapped@store.test>',
      subject: 'Not yet',
      sendState: 'draft',
    });
    const broken = await ingest(store.tenantId, rawMail({ messageId: '<broken@customer.test>' }), () =>
      Promise.reject(new Error('parser gave up')),
    );
    expect((await page('type=sent')).items.map((m) => m.id)).toEqual([sent?.id]);
    const unparseable = (await page('type=unparseable')).items;
    expect(unparseable.map((m) => m.id)).toEqual([broken]);
    expect(unparseable[0]).toMatchObject({ parseState: 'unparseable', parseError: 'parser gave up' });
    expect(unparseable[0]?.attachments.map((a) => a.fileName)).toEqual(['message.eml']);
    expect((await page('type=inbox')).items.map((m) => m.id)).not.toContain(broken);
  });

  it('refuses bad parameters with field messages (400)', async () => {
    for (const [query, field] of [
      ['type=archive', 'type'],
      ['', 'type'],
      ['type=inbox&limit=101', 'limit'],
      ['type=inbox&limit=0', 'limit'],
      ['type=inbox&cursor=not-a-cursor', 'cursor'],
      [`type=inbox&cursor=${Buffer.from('["x",1]').toString('base64url')}`, 'cursor'],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors, query).toHaveProperty(
        field,
      );
    }
  });
});
