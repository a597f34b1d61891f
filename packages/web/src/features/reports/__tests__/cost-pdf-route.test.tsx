import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FEATURES, type TSupplier } from '@claimdesk/contracts';
import { ShellContext, type TShellContext } from '../../../lib/shell-context';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { addLanguageTexts } from '../../../lib/testing/language-texts';
import { renderRoutes } from '../../../lib/testing/render';
import { CostPdfRoute } from '../routes/cost-pdf';

const shell: TShellContext = {
  grantType: 'password',
  features: DEFAULT_FEATURES,
  menu: [],
  settings: null,
  preference: {},
  currentUser: null,
};

const supplier = (id: number, name: string): TSupplier => ({
  id,
  source: 'internal',
  name,
  organisationNumber: null,
  email: null,
  phone: null,
  address: null,
  claimAddress: null,
  compensationModes: [],
  requiredEvidence: [],
  answerDays: null,
  isDisabled: false,
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  contactPersons: [],
  caseCount: 0,
  figures: {
    casesSent: 0,
    acceptanceRate: null,
    medianDaysToFirstAnswer: null,
    medianDaysToResolution: null,
    openPastAnswerTime: 0,
  },
});

const PDF = '/v2/api/reports/get-cost-reg-pdf';

const renderForm = (pdf: () => Response) => {
  const calls = mockFetch({
    '/v2/api/stores/setting': () =>
      json(200, {
        storeName: 'demo-store',
        displayName: 'Demo Store',
        companyName: 'Demo',
        language: 'nr',
        supplierSource: 'internal',
      }),
    '/v2/api/suppliers': () => json(200, [supplier(7, 'Müller Ølbrygg GmbH'), supplier(8, 'Other AS')]),
    [PDF]: pdf,
  });
  renderRoutes(
    [
      {
        path: '/reports/cost-pdf',
        element: (
          <ShellContext.Provider value={shell}>
            <CostPdfRoute />
          </ShellContext.Provider>
        ),
      },
    ],
    '/reports/cost-pdf',
  );
  return { pdfCalls: () => calls.filter((c) => new URL(c.url, 'http://localhost').pathname === PDF) };
};

const typeDate = async (label: string, value: string) => {
  const field = screen.getByLabelText(new RegExp(`^${label}`));
  await userEvent.clear(field);
  await userEvent.type(field, value);
  await userEvent.keyboard('{Escape}');
};

// The screen's texts live in the costs namespace, which the test set-up does not load.
beforeAll(() => {
  addLanguageTexts(['en'], 'costs');
});
beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => vi.unstubAllGlobals());

// Typing dates key by key into Mantine's fields is slow under jsdom.
describe('/reports/cost-pdf', { timeout: 30_000 }, () => {
  it('asks for the period and supplier chosen, in the UI’s language, and saves the PDF', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { pdfCalls } = renderForm(
      () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    await typeDate('From', '01/03/2026');
    await typeDate('To', '31/03/2026');
    await userEvent.click(screen.getByPlaceholderText('All suppliers'));
    await userEvent.click(await screen.findByRole('option', { name: 'Müller Ølbrygg GmbH', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(pdfCalls()).toHaveLength(1));
    const query = new URL(pdfCalls()[0]?.url ?? '', 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      fromDate: '2026-03-01',
      toDate: '2026-03-31',
      supplier: '7',
      lang: 'en',
    });
    expect(query.get('tz')).toBeTruthy();
    expect(await screen.findByText('Statement downloaded')).toBeInTheDocument();
    expect(click).toHaveBeenCalled();
  });

  it('refuses a period that ends before it starts, or is too long, on its field: nothing is asked', async () => {
    const { pdfCalls } = renderForm(() => json(500, {}));
    await typeDate('From', '01/06/2026');
    await typeDate('To', '01/01/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('The end cannot be before the start')).toBeInTheDocument();
    await typeDate('From', '01/01/2025');
    await typeDate('To', '02/01/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('A period of at most 366 days')).toBeInTheDocument();
    expect(pdfCalls()).toHaveLength(0);
  });

  it('puts the server’s refusal of a field on that field, in the UI’s language', async () => {
    const { pdfCalls } = renderForm(() =>
      json(400, {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid',
        fieldErrors: { toDate: 'A period of at most 366 days' },
        fieldIssues: { toDate: { code: 'date_before_start' } },
      }),
    );
    await typeDate('From', '01/03/2026');
    await typeDate('To', '31/03/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(pdfCalls()).toHaveLength(1));
    // The coded issue is translated; the server's English text is not shown.
    expect(await screen.findByText('The end cannot be before the start')).toBeInTheDocument();
  });
});
