import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TPortalCase } from '@claimdesk/contracts';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { addLanguageTexts } from '../../../lib/testing/language-texts';
import { renderWithProviders } from '../../../lib/testing/render';
import { AnswerForm } from '../components/answer-form';

beforeAll(() => {
  addLanguageTexts(['en'], 'supplierPortal');
  addLanguageTexts(['en'], 'suppliers');
});
afterEach(() => vi.unstubAllGlobals());

const claim: TPortalCase = {
  id: 7,
  caseNumber: 10007,
  workFlow: 'claim',
  status: 'new',
  supplierName: 'Parts AS',
  orderReference: null,
  purchaseDate: null,
  description: null,
  createdAt: '2026-09-02T10:00:00.000Z',
  sentToSupplierAt: '2026-09-03T10:00:00.000Z',
  items: [],
  canAnswer: true,
  compensationModes: ['credit-note', 'repair'],
  currency: 'NOK',
  answers: [],
};
const url = 'POST /v2/api/supplier-portal/cases/7/answers';

// Typing into Mantine's inputs is slow on a busy machine: room beyond the default 5 s.
describe('the supplier’s answer form', { timeout: 20_000 }, () => {
  it('sends an amount typed in kroner as whole øre, with the compensation and credit note', async () => {
    const calls = mockFetch({
      [url]: () =>
        json(201, {
          id: 1,
          outcome: 'partly',
          compensationMode: 'credit-note',
          amountMinor: 45_050,
          currency: 'NOK',
          creditNoteNumber: 'KN-1',
          note: null,
          answeredBy: 'kari@parts.test',
          answeredByName: 'Kari Nordmann',
          createdAt: '2026-09-04T10:00:00.000Z',
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AnswerForm claim={claim} />);
    await user.click(screen.getByText('Partly accepted'));
    await user.click(screen.getByRole('combobox', { name: 'Compensation' }));
    await user.click(await screen.findByRole('option', { name: 'Credit note', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (NOK)' }), '450.5');
    await user.type(screen.getByRole('textbox', { name: 'Credit note number' }), 'KN-1');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(String(calls.at(-1)?.body))).toEqual({
      outcome: 'partly',
      compensationMode: 'credit-note',
      amountMinor: 45_050,
      creditNoteNumber: 'KN-1',
      note: null,
    });
  });

  it('asks nothing but a note of a decline, and puts the server’s refusal on its field', async () => {
    const calls = mockFetch({
      [url]: () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'The answer is not valid',
          fieldErrors: { note: 'Too long' },
          fieldIssues: { note: { code: 'too_long', params: { max: 2000 } } },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AnswerForm claim={claim} />);
    await user.click(screen.getByText('Declined'));
    expect(screen.queryByRole('combobox', { name: 'Compensation' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Credit note number' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Note to the store' }), 'Worn by use');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(String(calls[0]?.body))).toMatchObject({
      outcome: 'declined',
      compensationMode: null,
      amountMinor: null,
      creditNoteNumber: null,
    });
    expect(await screen.findByText(/at most 2000|2000/)).toBeTruthy();
  });

  it('requires a compensation unless declined, before sending', async () => {
    const calls = mockFetch({});
    const user = userEvent.setup();
    renderWithProviders(<AnswerForm claim={claim} />);
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText(/required/i)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
