/** Demo data: demo-store's claims carry costs and credit notes in every recovery state. */
import type { TCaseCosts, TExchangeRatesResponse, TTimelineEntry } from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type Session } from '../helpers/api';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { caseCosts } from '../../src/db/schema';
import { seedDemo } from '../../src/seed/demo-seed';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, t.app.deps.files);
  admin = await signIn(t.app, {
    username: 'admin@demo-store.test',
    password: 'Demo-1234!',
    tenantId: 'demo-store',
  });
});
afterAll(() => t.close());

describe('demo costs', () => {
  it('gives demo-store’s claims cost lines, credit notes and each recovery state', async () => {
    const caseIds = [
      ...new Set((await t.db.select({ caseId: caseCosts.caseId }).from(caseCosts)).map((r) => r.caseId)),
    ];
    expect(caseIds.length).toBe(40);
    const all: TCaseCosts[] = [];
    for (const id of caseIds) {
      const res = await call(t.app, admin, { url: `/v2/api/claims/${String(id)}/costs` });
      expect(res.statusCode, res.body).toBe(200);
      all.push(res.json<TCaseCosts>());
    }
    const states = new Set(all.map((c) => c.recovery.state));
    expect([...states].sort()).toEqual(['open', 'partlySettled', 'settled', 'writtenOff']);
    for (const c of all) {
      expect(c.recovery.supplierName).toBeTruthy();
      expect(c.totals.grossMinor).toBe(c.lines.reduce((sum, l) => sum + l.grossStoreMinor, 0));
      if (c.recovery.state === 'settled') expect(c.recovery.unrecoveredMinor).toBe(0);
      if (c.recovery.state === 'writtenOff') expect(c.recovery.writeOffReason).toBeTruthy();
    }
    const foreign = all.flatMap((c) => c.lines).filter((l) => l.currency !== 'NOK');
    expect(foreign.length).toBeGreaterThan(0);
    for (const l of foreign) expect(l.grossStoreMinor).not.toBe(l.grossMinor);
    expect(all.reduce((n, c) => n + c.creditNotes.length, 0)).toBeGreaterThan(10);
    // The timeline tells each cost on the day it came in, not on the day the demo was made.
    const first = all[0];
    const timeline = (
      await call(t.app, admin, { url: `/v2/api/claims/${String(first?.caseId)}/timeline` })
    ).json<TTimelineEntry[]>();
    const costDays = timeline.filter((e) => e.kind === 'costs').map((e) => e.at.slice(0, 10));
    expect(costDays).toEqual(expect.arrayContaining(first?.lines.map((l) => l.costDate) ?? []));
  });

  it('keeps an exchange-rate table for EUR, SEK and DKK', async () => {
    const res = await call(t.app, admin, { url: '/v2/api/settings/exchange-rates' });
    const body = res.json<TExchangeRatesResponse>();
    expect(body.storeCurrency).toBe('NOK');
    expect(new Set(body.rates.map((r) => r.currency))).toEqual(new Set(['DKK', 'EUR', 'SEK']));
  });
});
