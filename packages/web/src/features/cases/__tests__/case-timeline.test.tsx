import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TFormConfig, TTimelineEntry } from '@claimdesk/contracts';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { addLanguageTexts } from '../../../lib/testing/language-texts';
import { renderWithProviders } from '../../../lib/testing/render';
import { CaseTimeline } from '../components/case-timeline';

beforeAll(() => addLanguageTexts(['de', 'nr']));

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const form: TFormConfig = {
  groups: [
    {
      key: 'extra',
      label: 'Extra',
      fields: [
        {
          key: 'custom.channels',
          label: 'Contact channels',
          type: 'multi-select',
          options: [
            { value: 'phone', label: 'Phone' },
            { value: 'shop', label: 'In shop' },
          ],
        },
        {
          key: 'custom.reason',
          label: 'Reason',
          type: 'select',
          options: [{ value: 'broken', label: 'Broken on arrival' }],
        },
        { key: 'custom.refund', label: 'Refund', type: 'money' },
        { key: 'custom.weight', label: 'Weight', type: 'number' },
        { key: 'custom.deliveredOn', label: 'Delivered on', type: 'date' },
      ],
    },
  ],
} as TFormConfig;

const entry = (overrides: Partial<TTimelineEntry>): TTimelineEntry => ({
  id: 1,
  kind: 'updated',
  actor: 'agent@demo-store.test',
  at: '2026-05-01T10:00:00.000Z',
  changes: [],
  mailLogId: null,
  ...overrides,
});

const renderTimeline = (entries: TTimelineEntry[]) => {
  mockFetch({ 'GET /v2/api/claims/7/timeline': () => json(200, entries) });
  renderWithProviders(
    <CaseTimeline caseId={7} form={form} statusOptions={undefined} assignees={undefined} />,
  );
};

describe('CaseTimeline', () => {
  it('names the choices of select and multi-select fields by their labels, not their values', async () => {
    renderTimeline([
      entry({
        changes: [
          { field: 'custom.channels', from: null, to: ['phone', 'shop'] },
          { field: 'custom.reason', from: null, to: 'broken' },
        ],
      }),
    ]);
    expect(await screen.findByText(/Contact channels/)).toBeInTheDocument();
    const lines = screen.getAllByText(/→/).map((line) => line.textContent);
    expect(lines).toContain('Contact channels: — → Phone, In shop');
    expect(lines).toContain('Reason: — → Broken on arrival');
  });

  it('says an archive and a reopening in the entry title, without a raw isArchived line', async () => {
    renderTimeline([
      entry({ id: 1, kind: 'archived', changes: [{ field: 'isArchived', from: false, to: true }] }),
      entry({ id: 2, kind: 'reopened', changes: [{ field: 'isArchived', from: true, to: false }] }),
    ]);
    expect(await screen.findByText('agent@demo-store.test archived the case')).toBeInTheDocument();
    expect(screen.getByText('agent@demo-store.test reopened the case')).toBeInTheDocument();
    expect(screen.queryByText(/isArchived/)).toBeNull();
  });

  it('writes money and number changes in the UI language, as the form shows them', async () => {
    await i18n.changeLanguage('de');
    renderTimeline([
      entry({
        changes: [
          { field: 'custom.refund', from: 150050, to: 123456705 },
          { field: 'custom.weight', from: null, to: 2.5 },
        ],
      }),
    ]);
    expect(await screen.findByText(/Refund/)).toBeInTheDocument();
    const lines = screen.getAllByText(/→/).map((line) => line.textContent);
    expect(lines).toContain('Refund: 1.500,50 → 1.234.567,05');
    expect(lines).toContain('Weight: — → 2,5');
  });

  // purchaseDate is not in this form: a built-in field is a date whatever form the store draws.
  it.each([
    ['en', 'Purchase date: — → 05/09/2026', 'Delivered on: 23/11/2026 → 01/12/2026', 'Order reference'],
    ['de', 'Kaufdatum: — → 05.09.2026', 'Delivered on: 23.11.2026 → 01.12.2026', 'Bestellnummer'],
    ['nr', 'Kjøpsdato: — → 05.09.2026', 'Delivered on: 23.11.2026 → 01.12.2026', 'Ordrereferanse'],
  ])(
    'writes date changes in %s as the form shows dates, not as stored',
    async (language, purchase, custom, orderReference) => {
      await i18n.changeLanguage(language);
      renderTimeline([
        entry({
          changes: [
            { field: 'purchaseDate', from: null, to: '2026-09-05' },
            { field: 'custom.deliveredOn', from: '2026-11-23', to: '2026-12-01' },
            // A text field holding what looks like a date is no date field: it stays as written.
            { field: 'orderReference', from: null, to: '2026-09-05' },
          ],
        }),
      ]);
      expect(await screen.findByText(/Delivered on/)).toBeInTheDocument();
      const lines = screen.getAllByText(/→/).map((line) => line.textContent);
      expect(lines).toContain(purchase);
      expect(lines).toContain(custom);
      expect(lines).toContain(`${orderReference}: — → 2026-09-05`);
    },
  );
});
