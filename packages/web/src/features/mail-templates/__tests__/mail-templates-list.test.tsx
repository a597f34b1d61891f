import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { addLanguageTexts } from '../../../lib/testing/language-texts';
import { makeToken } from '../../../lib/testing/tokens';
import { renderScreen, template } from './fixtures';

const LIST = 'GET /v2/api/settings/mail-templates';

const templates = [
  ...(['en', 'nr', 'da', 'de'] as const).map((language) => template({ language })),
  template({ id: 3, language: 'nr', isBuiltIn: false, version: 2, subject: 'Vi har mottatt saken din' }),
  template({
    id: 4,
    key: 'claim-pickup',
    language: 'en',
    isBuiltIn: false,
    hasBuiltIn: false,
    subject: 'Ready for pickup',
  }),
  template({ key: 'supplier-request', sendType: 'supplier', subject: 'Claim from {{store.name}}' }),
  template({ key: 'support-reply', workFlow: 'support', subject: 'Your enquiry' }),
].filter((t) => !(t.key === 'claim-received' && t.language === 'nr' && t.isBuiltIn));

beforeAll(() => addLanguageTexts(['en'], 'mailTemplates'));
beforeEach(() => startSession(makeToken(), 'demo-store'));

describe('[MAIL-TEMPLATES] list', () => {
  it('groups templates under their workflow, one row per key with each language’s state', async () => {
    mockFetch({ [LIST]: () => json(200, templates) });
    renderScreen();
    expect(await screen.findByRole('heading', { name: /Claims/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Support/ })).toBeInTheDocument();
    const rows = screen.getAllByTestId('template-row');
    expect(rows.map((r) => r.dataset.key)).toEqual([
      'claim-pickup',
      'claim-received',
      'supplier-request',
      'support-reply',
    ]);
    const received = within(rows[1] as HTMLElement);
    expect(
      received.getByRole('button', { name: 'Edit claim-received in English (Built-in)' }),
    ).toBeInTheDocument();
    expect(
      received.getByRole('button', { name: 'Edit claim-received in Norsk (Changed for this store)' }),
    ).toBeInTheDocument();
    // A store's own key offers the languages it is not written in yet.
    const pickup = within(rows[0] as HTMLElement);
    expect(
      pickup.getByRole('button', { name: "Edit claim-pickup in English (The store's own)" }),
    ).toBeInTheDocument();
    expect(pickup.getByRole('button', { name: 'Write claim-pickup in Deutsch' })).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('To the supplier')).toBeInTheDocument();
  });

  it('filters by send type and by words, and says when nothing matches', async () => {
    mockFetch({ [LIST]: () => json(200, templates) });
    renderScreen();
    await screen.findAllByTestId('template-row');
    await userEvent.click(screen.getByRole('combobox', { name: 'Sent to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'To the supplier', hidden: true }));
    expect(screen.getAllByTestId('template-row').map((r) => r.dataset.key)).toEqual(['supplier-request']);
    await userEvent.type(screen.getByLabelText('Search'), 'no such words');
    expect(screen.queryAllByTestId('template-row')).toHaveLength(0);
    expect(screen.getByText('No template matches')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all templates' }));
    expect(screen.getAllByTestId('template-row')).toHaveLength(4);
  });

  it('shows a translated error with a retry when the list cannot be loaded', async () => {
    let fail = true;
    mockFetch({
      [LIST]: () => (fail ? json(403, { code: 'FORBIDDEN', message: 'No' }) : json(200, templates)),
    });
    renderScreen();
    expect(await screen.findByText('The templates could not be loaded')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to do this.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('template-row')).toHaveLength(4);
  });

  it('sends a user without an administrator role to the access-denied page', async () => {
    startSession(makeToken({ authorities: ['STANDARD_USER'] }), 'demo-store');
    const calls = mockFetch({ [LIST]: () => json(200, templates) });
    renderScreen();
    expect(await screen.findByText('Access denied page')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
