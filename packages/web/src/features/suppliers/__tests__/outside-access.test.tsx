import { ModalsProvider } from '@mantine/modals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCase, TOutsideAccessResponse } from '@claimdesk/contracts';
import { startSession } from '../../../lib/session';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { addLanguageTexts } from '../../../lib/testing/language-texts';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import { OutsideAccess } from '../components/outside-access';

beforeAll(() => addLanguageTexts(['en'], 'suppliers'));
beforeEach(() => startSession(makeToken(), 'demo-store'));
afterEach(() => vi.unstubAllGlobals());

const theCase = { id: 7, version: 2 } as TCase;
const LAWYER = 'lawyer@outside.test';

describe('[OUTSIDE-ACCESS] on the case', () => {
  it('names the supplier’s people and the participants, and takes one off after asking', async () => {
    let answer: TOutsideAccessResponse = {
      supplier: {
        name: 'Acme AS',
        sentAt: '2026-11-01T10:00:00.000Z',
        contacts: [{ name: 'Kari Acme', email: 'kari@acme.test' }],
      },
      participants: [{ email: LAWYER, since: '2026-11-02T10:00:00.000Z' }],
    };
    const calls = mockFetch({
      'GET /v2/api/claims/7/outside-access': () => json(200, answer),
      [`DELETE /v2/api/claims/7/participants/${encodeURIComponent(LAWYER)}`]: () => {
        answer = { ...answer, participants: [] };
        return json(200, { removed: true });
      },
    });
    renderWithProviders(
      <ModalsProvider>
        <OutsideAccess current={theCase} />
      </ModalsProvider>,
    );
    expect(await screen.findByTestId('outside-supplier')).toHaveTextContent(
      'Kari Acme (Acme AS, while it is sent)',
    );
    const person = screen.getByTestId('outside-participant');
    expect(person).toHaveTextContent(LAWYER);

    await userEvent.click(within(person).getByRole('button', { name: `Take ${LAWYER} off this case` }));
    await userEvent.click(await screen.findByRole('button', { name: 'Take off' }));
    await waitFor(() => expect(screen.queryByTestId('outside-participant')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('says when only the store’s staff can read the case', async () => {
    mockFetch({
      'GET /v2/api/claims/7/outside-access': () => json(200, { supplier: null, participants: [] }),
    });
    renderWithProviders(<OutsideAccess current={theCase} />);
    expect(await screen.findByTestId('outside-access')).toHaveTextContent(
      "Only the store's staff can read this case.",
    );
  });
});
