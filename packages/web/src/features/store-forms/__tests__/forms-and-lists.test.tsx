import { notifications as toasts } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_CLAIM_FORM,
  DEFAULT_CLAIM_LIST_COLUMNS,
  DEFAULT_CLAIM_STATUS_OPTIONS,
  DEFAULT_FEATURES,
  DEFAULT_MENU_CONFIG,
  type TFormConfig,
  type TStatusOptionsConfig,
  type TStoreFormResponse,
} from '@claimdesk/contracts';
import { startSession } from '../../../lib/session';
import { ShellContext, type TShellContext } from '../../../lib/shell-context';
import { json, mockFetch, type TRecordedCall } from '../../../lib/testing/fetch-mock';
import { addLanguageTexts } from '../../../lib/testing/language-texts';
import { renderRoutes } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import type { TFormPreviewProps } from '../components/form-preview';
import { FormsAndListsRoute } from '../routes/forms-and-lists';

const BASE = '/v2/api/settings/store-forms';
const SLOW = { timeout: 4000 };
const shell: TShellContext = {
  grantType: 'password',
  features: DEFAULT_FEATURES,
  menu: DEFAULT_MENU_CONFIG,
  settings: null,
  preference: {},
  currentUser: null,
};

const doc = (name: string, value: unknown, version: number | null = null): TStoreFormResponse => ({
  name,
  value,
  version,
  source: version === null ? 'default' : 'store',
  updatedBy: null,
  updatedAt: version === null ? null : '2026-11-20T10:00:00.000Z',
});
const bodyOf = (call: TRecordedCall | undefined) =>
  JSON.parse(String(call?.body)) as { value: unknown; version: number | null };
const puts = (calls: TRecordedCall[], name: string) =>
  calls.filter((c) => c.method === 'PUT' && c.url === `${BASE}/${name}`);

/** The preview the app hands in (the case form): here, the labels of the fields in order. */
const preview = ({ form }: TFormPreviewProps) => (
  <ol aria-label="Preview fields">
    {form.groups
      .flatMap((g) => g.fields)
      .map((f) => (
        <li key={f.key}>
          {f.label}
          {f.required ? ' *' : ''}
        </li>
      ))}
  </ol>
);

const renderScreen = (path: string) =>
  renderRoutes(
    [
      {
        path: '/settings/forms-and-lists',
        element: (
          <ShellContext.Provider value={shell}>
            <FormsAndListsRoute renderPreview={preview} />
          </ShellContext.Provider>
        ),
      },
    ],
    path,
  );

/** Answers the documents; a PUT answers the saved document at the next version, unless `onPut` answers. */
const serve = (onPut?: (call: TRecordedCall, name: string) => Response | undefined) => {
  const docs: Record<string, TStoreFormResponse> = {
    menu: doc('menu', DEFAULT_MENU_CONFIG),
    translations: doc('translations', {}),
    'form.claim': doc('form.claim', DEFAULT_CLAIM_FORM, 3),
    'status-options.claim': doc('status-options.claim', DEFAULT_CLAIM_STATUS_OPTIONS),
    'list-columns.claim': doc('list-columns.claim', DEFAULT_CLAIM_LIST_COLUMNS),
  };
  const routes = Object.fromEntries(
    Object.keys(docs).flatMap((name) => [
      [`GET ${BASE}/${name}`, () => json(200, docs[name])],
      [
        `PUT ${BASE}/${name}`,
        (call: TRecordedCall) => {
          const answer = onPut?.(call, name);
          if (answer) return answer;
          const { value, version } = bodyOf(call);
          docs[name] = doc(name, value, (version ?? 0) + 1);
          return json(200, docs[name]);
        },
      ],
    ]),
  );
  return mockFetch(routes);
};

beforeAll(() => {
  addLanguageTexts(['en'], 'settings');
  addLanguageTexts(['nr', 'da', 'de'], 'cases');
});
beforeEach(() => startSession(makeToken({ authorities: ['ADMIN_USER'] }), 'demo-store'));
afterEach(() => act(() => toasts.clean()));

describe('[FORMS-AND-LISTS] case form', { timeout: 30_000 }, () => {
  it('adds a required choice with two options, moves it up, shows it in the preview and saves the document with its words', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderScreen('/settings/forms-and-lists');
    const handling = await screen.findByTestId('editor-group-handling', {}, SLOW);
    await user.click(within(handling).getByRole('button', { name: 'Add field' }));

    const dialog = await screen.findByRole('dialog', { name: 'New field' });
    await user.type(within(dialog).getByRole('textbox', { name: 'English' }), 'Warranty');
    await user.type(within(dialog).getByRole('textbox', { name: 'Norsk' }), 'Garanti');
    expect(within(dialog).getByRole('textbox', { name: /^Key/ })).toHaveValue('custom.warranty');
    await user.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Choice', hidden: true }));
    await user.click(within(dialog).getByRole('switch', { name: /^Required/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Option 1' }), 'Yes');
    await user.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Option 2' }), 'Not sure');
    expect(within(dialog).getByRole('textbox', { name: 'Key of option 2' })).toHaveValue('not-sure');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    const previewFields = () =>
      within(screen.getByRole('list', { name: 'Preview fields' })).getAllByRole('listitem');
    expect(previewFields().map((li) => li.textContent)).toContain('Warranty *');
    await user.click(screen.getByRole('button', { name: 'Move Warranty up' }));
    const order = previewFields().map((li) => li.textContent);
    expect(order.indexOf('Warranty *')).toBe(order.indexOf('Warehouse status') - 1);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls, 'form.claim')).toHaveLength(1));
    const words = bodyOf(puts(calls, 'translations')[0]);
    expect(words).toEqual({
      version: null,
      value: {
        en: { store: { 'form-claim-custom-warranty': 'Warranty' } },
        nr: { store: { 'form-claim-custom-warranty': 'Garanti' } },
        // Languages left empty read like the first one filled in (the one in use first).
        da: { store: { 'form-claim-custom-warranty': 'Warranty' } },
        de: { store: { 'form-claim-custom-warranty': 'Warranty' } },
      },
    });
    const saved = bodyOf(puts(calls, 'form.claim')[0]);
    expect(saved.version).toBe(3);
    const fields = (saved.value as TFormConfig).groups[0]?.fields ?? [];
    expect(fields.map((f) => f.key).slice(-2)).toEqual(['custom.warranty', 'statusWareHouse']);
    expect(fields.at(-2)).toEqual({
      key: 'custom.warranty',
      label: 'store.form-claim-custom-warranty',
      type: 'select',
      required: true,
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'not-sure', label: 'Not sure' },
      ],
    });
    expect(await screen.findByText('Saved. Everyone in the store sees the change.')).toBeInTheDocument();
  });

  it('shows the server’s refusal on the field it names, and a conflict with a way to reload', async () => {
    const user = userEvent.setup();
    let answer: 'invalid' | 'conflict' = 'invalid';
    const calls = serve((_call, name) =>
      name !== 'form.claim'
        ? undefined
        : answer === 'invalid'
          ? json(400, {
              code: 'VALIDATION_FAILED',
              message: 'The form.claim document does not fit its schema',
              fieldErrors: { 'value.groups.1.fields.0.label': 'Too long for the list' },
            })
          : json(409, {
              code: 'CONFLICT',
              message: 'The form.claim document was changed',
              fieldErrors: { version: 'The stored version is 4' },
            }),
    );
    renderScreen('/settings/forms-and-lists?tab=form');
    await screen.findByTestId('editor-group-customer', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Move Customer email up' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const row = within(screen.getByTestId('editor-group-customer'));
    expect(await row.findByText('Too long for the list')).toBeInTheDocument();
    expect(screen.getByText('Not saved: some entries need a fix')).toBeInTheDocument();

    answer = 'conflict';
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone else saved this meanwhile')).toBeInTheDocument();
    const gets = () => calls.filter((c) => c.method === 'GET' && c.url === `${BASE}/form.claim`).length;
    const before = gets();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(gets()).toBe(before + 1));
  });

  it('refuses a choice without options before sending it, on the field', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderScreen('/settings/forms-and-lists');
    const purchase = await screen.findByTestId('editor-group-purchase', {}, SLOW);
    await user.click(within(purchase).getByRole('button', { name: 'Add field' }));
    const dialog = await screen.findByRole('dialog', { name: 'New field' });
    await user.type(within(dialog).getByRole('textbox', { name: 'English' }), 'Colour');
    await user.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Choice', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(purchase).findByText('A select field needs options')).toBeInTheDocument();
    expect(puts(calls, 'form.claim')).toHaveLength(0);
  });
});

describe('[FORMS-AND-LISTS] statuses and columns', { timeout: 30_000 }, () => {
  it('renames a status in English, keeping the other languages’ words, and saves it under the store’s key', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderScreen('/settings/forms-and-lists?tab=statuses');
    await user.click(await screen.findByRole('button', { name: 'Edit New' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Edit status' });
    expect(within(dialog).getByRole('textbox', { name: 'Norsk' })).toHaveValue('Ny');
    const english = within(dialog).getByRole('textbox', { name: 'English' });
    await user.clear(english);
    await user.type(english, 'Fresh');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls, 'status-options.claim')).toHaveLength(1));
    expect(bodyOf(puts(calls, 'translations')[0]).value).toMatchObject({
      en: { store: { 'status-options-claim-new': 'Fresh' } },
      nr: { store: { 'status-options-claim-new': 'Ny' } },
    });
    const saved = bodyOf(puts(calls, 'status-options.claim')[0]).value as TStatusOptionsConfig;
    expect(saved.statuses[0]).toEqual({
      value: 'new',
      label: 'store.status-options-claim-new',
      color: 'blue',
    });
    expect(saved.statuses.slice(1)).toEqual(DEFAULT_CLAIM_STATUS_OPTIONS.statuses.slice(1));
  });

  it('removes a column and adds one, in the order shown', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderScreen('/settings/forms-and-lists?tab=columns');
    await screen.findByTestId('columns', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Remove column Claim status' }));
    await user.click(screen.getByRole('combobox', { name: 'Add a column' }));
    await user.click(await screen.findByRole('option', { name: 'Created', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls, 'list-columns.claim')).toHaveLength(1));
    const keys = (bodyOf(puts(calls, 'list-columns.claim')[0]).value as { key: string }[]).map((c) => c.key);
    expect(keys).not.toContain('statusClaim');
    expect(keys.at(-1)).toBe('createdAt');
  });
});
