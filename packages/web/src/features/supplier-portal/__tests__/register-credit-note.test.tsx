import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_FEATURES_ON, type TSupplierAnswer } from '@claimdesk/contracts';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { addLanguageTexts } from '../../../lib/testing/language-texts';
import { renderWithProviders } from '../../../lib/testing/render';
import { ShellContext, type TShellContext } from '../../../lib/shell-context';
import { RegisterCreditNote } from '../components/register-credit-note';

beforeAll(() => addLanguageTexts(['en'], 'supplierPortal'));
afterEach(() => vi.unstubAllGlobals());

const shell = (costReg: boolean): TShellContext => ({
  grantType: 'password',
  features: { ...ALL_FEATURES_ON, costReg },
  menu: [],
  settings: null,
  preference: {},
  currentUser: null,
});
const answer: TSupplierAnswer = {
  id: 1,
  outcome: 'partly',
  compensationMode: 'credit-note',
  amountMinor: 45_000,
  currency: 'NOK',
  creditNoteNumber: 'KN-7',
  note: null,
  answeredBy: 'kari@parts.test',
  answeredByName: 'Kari Nordmann',
  createdAt: '2026-09-04T10:00:00.000Z',
};
const note = (number: string) => ({
  id: 3,
  number,
  noteDate: '2026-09-04',
  currency: 'NOK',
  exchangeRate: '1',
  amountMinor: 45_000,
  amountStoreMinor: 45_000,
  note: null,
  createdBy: 'admin',
  createdAt: '2026-09-05T10:00:00.000Z',
});

describe('registering the supplier’s credit note', () => {
  it('posts the answer’s number, amount and date to the case’s costs, then is gone', async () => {
    let registered: string[] = [];
    const calls = mockFetch({
      'GET /v2/api/claims/7/costs': () => json(200, { creditNotes: registered.map(note) }),
      'POST /v2/api/claims/7/credit-notes': () => {
        registered = ['KN-7'];
        return json(201, { creditNotes: registered.map(note) });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ShellContext value={shell(true)}>
        <RegisterCreditNote caseId={7} answer={answer} />
      </ShellContext>,
    );
    await user.click(await screen.findByRole('button', { name: 'Register as credit note' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Register as credit note' })).toBeNull());
    const posted = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(posted?.body))).toEqual({
      number: 'KN-7',
      noteDate: '2026-09-04',
      amountMinor: 45_000,
      currency: 'NOK',
      note: null,
    });
  });

  it('is not offered without cost registration, nor for a number the case has already', async () => {
    const calls = mockFetch({
      'GET /v2/api/claims/7/costs': () => json(200, { creditNotes: [note('KN-7')] }),
    });
    const { unmount } = renderWithProviders(
      <ShellContext value={shell(false)}>
        <RegisterCreditNote caseId={7} answer={answer} />
      </ShellContext>,
    );
    expect(calls).toHaveLength(0);
    unmount();
    renderWithProviders(
      <ShellContext value={shell(true)}>
        <RegisterCreditNote caseId={7} answer={answer} />
      </ShellContext>,
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Register as credit note' })).toBeNull();
  });
});
