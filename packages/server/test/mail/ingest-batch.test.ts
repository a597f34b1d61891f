import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestMails } from '../../src/modules/mail/intake/ingest.service';
import { forTenant } from '../../src/db/tenant-db';
import type { IngestDeps } from '../../src/modules/mail/intake/ingest-types';
import { ownMessageId } from '../../src/modules/mail/common/message-id';
import { call, signIn } from '../helpers/api';
import { createCase, createStore, createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { CORPUS_DIR, mailFiles, mailRows, rawMail, readMail } from './mail-store';

let t: TestApp;
let deps: Omit<IngestDeps, 'db'>;
/** Ingest's dependencies in the given store. */
const inStore = (tenantId: string, d = deps): IngestDeps => ({ ...d, db: forTenant(t.db, tenantId) });
beforeAll(async () => {
  t = await createTestApp();
  deps = { files: t.app.deps.files };
});
afterAll(async () => {
  await t.close();
});

describe('batch ingest', () => {
  it('keeps every mail of the corpus in one pass, as ingest one by one does, and a second pass adds nothing', async () => {
    const { tenantId } = await createStore(t.db);
    const raws = await Promise.all((await mailFiles(CORPUS_DIR)).map(readMail));
    const outcomes = await ingestMails(inStore(tenantId), { raws });
    expect(outcomes).toHaveLength(105);
    const kept = outcomes.filter((o) => o.status === 'stored' || o.status === 'unparseable');
    // As in the one-by-one test: 100 distinct mails, five copies of mails already in the batch.
    expect(kept).toHaveLength(100);
    expect(outcomes.filter((o) => o.status === 'duplicate')).toHaveLength(5);
    expect(await mailRows(t.db, tenantId)).toHaveLength(100);

    const again = await ingestMails(inStore(tenantId), { raws });
    expect(new Set(again.map((o) => o.status))).toEqual(new Set(['duplicate']));
    expect(await mailRows(t.db, tenantId)).toHaveLength(100);
  });

  it('threads a reply onto a mail earlier in the same batch, and a bad mail does not undo the others', async () => {
    const { tenantId } = await createStore(t.db);
    const kase = await createCase(t.db, tenantId, { customerEmail: 'kari@customer.test' });
    const ours = ownMessageId(kase.caseNumber, 'store.test');
    const first = rawMail({ messageId: '<first@customer.test>', headers: [`In-Reply-To: ${ours}`] });
    const second = rawMail({
      messageId: '<second@customer.test>',
      headers: ['In-Reply-To: <first@customer.test>'],
    });
    const stranger = rawMail({ messageId: '<third@else.test>', from: 'someone@else.test' });
    const outcomes = await ingestMails(
      inStore(tenantId, {
        ...deps,
        parse: async (raw, hash) => {
          if (raw.includes('third@else.test')) throw new Error('parser gave up');
          const { parseMail } = await import('../../src/modules/mail/intake/parse-mail');
          return parseMail(raw, hash);
        },
      }),
      { raws: [first, second, stranger] },
    );
    expect(outcomes.map((o) => o.status)).toEqual(['stored', 'stored', 'unparseable']);
    const rows = await mailRows(t.db, tenantId);
    expect(rows.map((r) => [r.messageId, r.caseId, r.parseState])).toEqual([
      ['<first@customer.test>', kase.id, 'ok'],
      ['<second@customer.test>', kase.id, 'ok'],
      ['<third@else.test>', null, 'unparseable'],
    ]);
  });
});

describe('batch threading', () => {
  it('follows each rule as one-by-one ingest does: In-Reply-To, References, a tag from a participant, not from a stranger', async () => {
    const { tenantId } = await createStore(t.db);
    const a = await createCase(t.db, tenantId, { customerEmail: 'kari@customer.test' });
    const b = await createCase(t.db, tenantId, { customerEmail: 'ola@customer.test' });
    const c = await createCase(t.db, tenantId, { customerEmail: 'per@customer.test' });
    const raws = [
      rawMail({
        messageId: '<r1@x.test>',
        headers: [`In-Reply-To: ${ownMessageId(a.caseNumber, 'store.test')}`],
      }),
      rawMail({
        messageId: '<r2@x.test>',
        from: 'ola@customer.test',
        headers: [`References: <gone@x.test> ${ownMessageId(b.caseNumber, 'store.test')}`],
      }),
      rawMail({
        messageId: '<r3@x.test>',
        from: 'per@customer.test',
        subject: `Receipt [#${String(c.caseNumber)}]`,
      }),
      rawMail({
        messageId: '<r4@x.test>',
        from: 'stranger@else.test',
        subject: `About [#${String(c.caseNumber)}]`,
      }),
      rawMail({ messageId: '<r5@x.test>', from: 'new@else.test', headers: ['References: <r4@x.test>'] }),
      rawMail({ messageId: '<r6@x.test>', from: 'kari@customer.test', headers: ['References: <r1@x.test>'] }),
    ];
    const outcomes = await ingestMails(inStore(tenantId), { raws });
    expect(outcomes.map((o) => o.status)).toEqual(Array(6).fill('stored'));
    const rows = await mailRows(t.db, tenantId);
    expect(rows.map((r) => [r.messageId, r.caseId])).toEqual([
      ['<r1@x.test>', a.id],
      ['<r2@x.test>', b.id],
      ['<r3@x.test>', c.id],
      ['<r4@x.test>', null],
      ['<r5@x.test>', null],
      ['<r6@x.test>', a.id],
    ]);
  });
});

describe('search by mail text', () => {
  it('finds a case by a word that only its mails contain', async () => {
    const { tenantId } = await createStore(t.db);
    const admin = await createUser(t.db, tenantId, { roles: ['ADMIN_USER'] });
    const kase = await createCase(t.db, tenantId, { customerEmail: 'kari@customer.test' });
    await createCase(t.db, tenantId, { customerEmail: 'other@customer.test' });
    const session = await signIn(t.app, admin);
    const search = async (word: string) => {
      const res = await call(t.app, session, {
        url: `/v2/api/claims?workFlow=claim&type=open&search=${word}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ items: { id: number }[] }>().items.map((i) => i.id);
    };
    expect(await search('flamingoyellow')).toEqual([]);
    await ingestMails(inStore(tenantId), {
      raws: [
        rawMail({
          messageId: '<word@customer.test>',
          headers: [`In-Reply-To: ${ownMessageId(kase.caseNumber, 'store.test')}`],
          body: 'The lid is flamingoyellow and cracked.',
        }),
      ],
    });
    expect(await search('flamingoyellow')).toEqual([kase.id]);
    expect(await search('flamingo')).toEqual([kase.id]);
  });
});
