import { notifications as toasts } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/react';
import type { TMailTemplate } from '@claimdesk/contracts';
import { startSession } from '../../../lib/session';
import { json, mockFetch, type TRecordedCall } from '../../../lib/testing/fetch-mock';
import { addLanguageTexts } from '../../../lib/testing/language-texts';
import { makeToken } from '../../../lib/testing/tokens';
import { caseRow, renderScreen, template } from './fixtures';

const LIST = 'GET /v2/api/settings/mail-templates';
const PREVIEW = 'POST /v2/api/settings/mail-templates/preview';
const CASES = 'GET /v2/api/claims';
const SLOW = { timeout: 8000 };

const stored = template({
  id: 3,
  language: 'nr',
  isBuiltIn: false,
  version: 2,
  subject: 'Saken din {{case.number}}',
});
const builtIns = (['en', 'da', 'de'] as const).map((language) => template({ language }));
const rendered = { subject: 'Rendered 10041', html: '<p>Dear Kari Nordmann</p>', text: 'Dear Kari Nordmann' };
const bodyOf = (call: TRecordedCall | undefined) => JSON.parse(String(call?.body)) as Record<string, unknown>;
const subjectField = () => screen.getByRole('textbox', { name: /^Subject/ });
const bodyField = () => screen.getByRole('textbox', { name: /^Body/ });
const richBody = () => screen.getByLabelText(/^Body/, { selector: '[contenteditable]' });
const htmlBody = () => screen.getByLabelText(/^Body/, { selector: 'textarea' });
/** The TipTap editor behind a contenteditable. */
const editorOf = (element: HTMLElement) => (element as HTMLElement & { editor: Editor }).editor;
const notifications = () => document.querySelectorAll('.mantine-Notification-root');

beforeAll(() => {
  addLanguageTexts(['en'], 'mailTemplates');
  // The rich editor measures where the cursor is; jsdom lays nothing out.
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  if (!('getClientRects' in Range.prototype))
    Object.assign(Range.prototype, { getClientRects: noRects, getBoundingClientRect: () => new DOMRect() });
  if (!('elementFromPoint' in document)) Object.assign(document, { elementFromPoint: () => null });
});
beforeEach(() => startSession(makeToken(), 'demo-store'));
afterEach(() => act(() => toasts.clean()));

// Real timers: the preview waits for typing to pause, and a busy machine types slowly.
describe('[MAIL-TEMPLATES] editor', { timeout: 20_000 }, () => {
  it('previews a built-in template against the newest case, in the chosen language, and saves it for the store', async () => {
    let list: TMailTemplate[] = [...builtIns, stored];
    const calls = mockFetch({
      [LIST]: () => json(200, list),
      [CASES]: () => json(200, { items: [caseRow()], nextCursor: null }),
      [PREVIEW]: () => json(200, rendered),
      'POST /v2/api/settings/mail-templates': (call) => {
        const saved = template({ ...bodyOf(call), id: 9, isBuiltIn: false, version: 1 });
        list = [...list.filter((t) => t.language !== 'en'), saved];
        return json(201, saved);
      },
    });
    const { router } = renderScreen('/settings/mail-templates?key=claim-received&language=en');
    expect(await screen.findByText('Rendered 10041', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Case' })).toHaveValue('#10041 · Kari Nordmann');
    const previews = () => calls.filter((c) => c.url.endsWith('/preview')).map(bodyOf);
    expect(previews().at(-1)).toEqual({
      subject: builtIns[0]?.subject,
      body: builtIns[0]?.body,
      caseId: 41,
      language: 'en',
    });
    expect(calls.find((c) => c.url.startsWith('/v2/api/claims?'))?.url).toContain('workFlow=claim');

    await userEvent.click(screen.getByRole('radio', { name: 'Deutsch' }));
    await waitFor(() => expect(previews().at(-1)?.language).toBe('de'), SLOW);

    await userEvent.clear(subjectField());
    await userEvent.type(subjectField(), 'Thanks, we got it');
    await waitFor(() => expect(previews().at(-1)?.subject).toBe('Thanks, we got it'), SLOW);

    await userEvent.click(screen.getByRole('button', { name: 'Save for this store' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/v2/api/settings/mail-templates')).toBe(
        true,
      ),
    );
    expect(
      bodyOf(calls.find((c) => c.method === 'POST' && c.url === '/v2/api/settings/mail-templates')),
    ).toEqual({
      key: 'claim-received',
      workFlow: 'claim',
      sendType: 'customer',
      language: 'en',
      subject: 'Thanks, we got it',
      body: builtIns[0]?.body,
      isDisabled: false,
    });
    expect(await screen.findByText('claim-received (English) was saved.')).toBeInTheDocument();
    // Now the store's own: the next save changes it, and it can be deleted.
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?key=claim-received&language=en');
  });

  it('writes the body as formatted text and puts a placeholder at the cursor of the field the person was in', async () => {
    const calls = mockFetch({
      [LIST]: () => json(200, builtIns),
      [CASES]: () => json(200, { items: [], nextCursor: null }),
      [PREVIEW]: () => json(200, rendered),
      'POST /v2/api/settings/mail-templates': (call) =>
        json(201, template({ ...bodyOf(call), id: 11, isBuiltIn: false, version: 1 })),
    });
    renderScreen('/settings/mail-templates?new=1');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Key/ }), 'welcome');
    await userEvent.type(richBody(), 'Dear , welcome');
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    await userEvent.type(richBody(), ' aboard');
    expect(screen.getByText(/^Goes into the body, at the cursor/)).toBeInTheDocument();
    // The cursor after "Dear ".
    const editor = editorOf(richBody());
    act(() => {
      editor.commands.setTextSelection(6);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Insert placeholder' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /customer\.name/, hidden: true }));
    expect(richBody()).toHaveTextContent('Dear {{customer.name}}, welcome aboard');

    await userEvent.type(subjectField(), 'Case ');
    expect(screen.getByText(/^Goes into the subject, at the cursor/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Insert placeholder' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /case\.number/, hidden: true }));
    expect(subjectField()).toHaveValue('Case {{case.number}}');
    // The preview gets the HTML as it is typed.
    await waitFor(
      () =>
        expect(
          calls
            .filter((c) => c.url.endsWith('/preview'))
            .map(bodyOf)
            .at(-1),
        ).toMatchObject({
          subject: 'Case {{case.number}}',
          body: '<p>Dear {{customer.name}}, welcome<strong> aboard</strong></p>',
        }),
      SLOW,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && !c.url.endsWith('/preview'))).toBe(true),
    );
    expect(bodyOf(calls.find((c) => c.method === 'POST' && !c.url.endsWith('/preview')))).toMatchObject({
      key: 'welcome',
      subject: 'Case {{case.number}}',
      body: '<p>Dear {{customer.name}}, welcome<strong> aboard</strong></p>',
    });
  });

  it('edits the body as HTML and back as formatted text', async () => {
    const calls = mockFetch({
      [LIST]: () => json(200, [...builtIns, stored]),
      [CASES]: () => json(200, { items: [], nextCursor: null }),
      [PREVIEW]: () => json(200, rendered),
      'PUT /v2/api/settings/mail-templates/3': (call) =>
        json(200, { ...stored, ...bodyOf(call), version: 3 }),
    });
    renderScreen('/settings/mail-templates?key=claim-received&language=nr');
    expect(await screen.findByRole('radio', { name: 'Formatted' })).toBeChecked();
    expect(richBody()).toHaveTextContent('Dear {{customer.name}},');
    await userEvent.click(screen.getByRole('radio', { name: 'HTML' }));
    expect(htmlBody()).toHaveValue(stored.body);
    fireEvent.change(htmlBody(), { target: { value: '<p>Hello <em>{{customer.name}}</em></p>' } });
    await userEvent.click(screen.getByRole('radio', { name: 'Formatted' }));
    // Nothing is lost, so nothing is asked.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(richBody().querySelector('em')).toHaveTextContent('{{customer.name}}');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'PUT'))).toMatchObject({
      body: '<p>Hello <em>{{customer.name}}</em></p>',
    });
  });

  it('opens a body with a table as HTML, and asks before making it formatted text', async () => {
    const table = '<table><tr><td>{{case.number}}</td></tr></table>';
    const calls = mockFetch({
      [LIST]: () => json(200, [...builtIns, { ...stored, body: table }]),
      [CASES]: () => json(200, { items: [], nextCursor: null }),
      [PREVIEW]: () => json(200, rendered),
    });
    const { router } = renderScreen('/settings/mail-templates?key=claim-received&language=nr');
    expect(await screen.findByRole('radio', { name: 'HTML' })).toBeChecked();
    expect(htmlBody()).toHaveValue(table);
    expect(screen.getByText(/^Opened as HTML: this body has markup/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Formatted' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit as formatted text?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(htmlBody()).toHaveValue(table);
    // Opening it did not change it: leaving asks nothing.
    await userEvent.click(screen.getByRole('button', { name: 'All templates' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('puts the server’s refusal of an unknown placeholder on its field, with no toast', async () => {
    const refusal = { code: 'VALIDATION_FAILED', message: 'Some fields are not valid' };
    // As the server answers it: the text, and the code with the placeholder it names.
    const unknownPhone = {
      fieldErrors: { body: 'Unknown placeholder {{customer.phone}}' },
      fieldIssues: { body: { code: 'unknown_placeholder', params: { name: '{{customer.phone}}' } } },
    };
    const calls = mockFetch({
      [LIST]: () => json(200, builtIns),
      [CASES]: () => json(200, { items: [], nextCursor: null }),
      [PREVIEW]: () => json(400, { ...refusal, ...unknownPhone }),
      'POST /v2/api/settings/mail-templates': () => json(400, { ...refusal, ...unknownPhone }),
    });
    renderScreen('/settings/mail-templates?new=1');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Key/ }), 'pickup-ready');
    await userEvent.type(subjectField(), 'Ready');
    await userEvent.click(screen.getByRole('radio', { name: 'HTML' }));
    fireEvent.change(bodyField(), { target: { value: '<p>Call {{customer.phone}}</p>' } });
    // The preview already says so while the person types.
    expect(await screen.findByText('The preview cannot be shown', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create template' }));
    const message = '{{customer.phone}} is not a placeholder. Choose one from “Insert placeholder”.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(bodyField()).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(calls.find((c) => c.method === 'POST' && !c.url.endsWith('/preview')))).toMatchObject({
      key: 'pickup-ready',
      body: '<p>Call {{customer.phone}}</p>',
    });
    await act(async () => {
      await import('@mantine/notifications');
    });
    expect(notifications()).toHaveLength(0);
  });

  it('saves a store template with its version; a conflict says so and loads the latest one', async () => {
    let list: TMailTemplate[] = [...builtIns, stored];
    const calls = mockFetch({
      [LIST]: () => json(200, list),
      [CASES]: () => json(200, { items: [], nextCursor: null }),
      [PREVIEW]: () => json(200, rendered),
      'PUT /v2/api/settings/mail-templates/3': () => {
        list = [...builtIns, { ...stored, version: 3, subject: 'Changed elsewhere' }];
        return json(409, { code: 'CONFLICT', message: 'The template was changed by someone else' });
      },
    });
    renderScreen('/settings/mail-templates?key=claim-received&language=nr');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Subject/ }), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changed by someone else')).toBeInTheDocument();
    expect(bodyOf(calls.find((c) => c.method === 'PUT'))).toEqual({
      subject: 'Saken din {{case.number}}!',
      body: stored.body,
      isDisabled: false,
      version: 2,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() => expect(subjectField()).toHaveValue('Changed elsewhere'));
    expect(screen.queryByText('Changed by someone else')).not.toBeInTheDocument();
  });

  it('asks before deleting, then deletes and goes back to the list', async () => {
    let list: TMailTemplate[] = [...builtIns, stored];
    const calls = mockFetch({
      [LIST]: () => json(200, list),
      [CASES]: () => json(200, { items: [], nextCursor: null }),
      [PREVIEW]: () => json(200, rendered),
      'DELETE /v2/api/settings/mail-templates/3': () => {
        list = [...builtIns, template({ language: 'nr' })];
        return new Response(null, { status: 204 });
      },
    });
    const { router } = renderScreen('/settings/mail-templates?key=claim-received&language=nr');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete and use the built-in one' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this template?' });
    expect(
      within(dialog).getByText(
        "This store's version of claim-received in Norsk will be deleted, and the built-in template is used again.",
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/v2/api/settings/mail-templates/3',
    ]);
    expect(await screen.findByText('The template claim-received was deleted.')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Edit claim-received in Norsk (Built-in)' }),
    ).toBeInTheDocument();
  });

  it('writes a key in a missing language, starting from its English text', async () => {
    const pickup = template({
      id: 8,
      key: 'claim-pickup',
      sendType: 'supplier',
      isBuiltIn: false,
      hasBuiltIn: false,
    });
    const calls = mockFetch({
      [LIST]: () => json(200, [pickup]),
      [CASES]: () => json(200, { items: [], nextCursor: null }),
      [PREVIEW]: () => json(200, rendered),
      'POST /v2/api/settings/mail-templates': (call) =>
        json(201, { ...pickup, ...bodyOf(call), id: 10, version: 1 }),
    });
    renderScreen('/settings/mail-templates?key=claim-pickup&language=da');
    expect(
      await screen.findByText('Started from the English text: translate it before saving.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Key/ })).toHaveAttribute('readonly');
    expect(subjectField()).toHaveValue(pickup.subject);
    await userEvent.clear(subjectField());
    await userEvent.type(subjectField(), 'Afhentning');
    await userEvent.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && !c.url.endsWith('/preview'))).toBe(true),
    );
    expect(bodyOf(calls.find((c) => c.method === 'POST' && !c.url.endsWith('/preview')))).toEqual({
      key: 'claim-pickup',
      workFlow: 'claim',
      sendType: 'supplier',
      language: 'da',
      subject: 'Afhentning',
      body: pickup.body,
      isDisabled: false,
    });
  });

  it('names the placeholders the chosen case has no value for', async () => {
    mockFetch({
      [LIST]: () => json(200, builtIns),
      [CASES]: () => json(200, { items: [caseRow()], nextCursor: null }),
      [PREVIEW]: () =>
        json(200, { subject: 'Claim 10041', html: '<p>{{supplier.name}}</p>', text: '{{supplier.name}}' }),
    });
    renderScreen('/settings/mail-templates?key=claim-received&language=en');
    expect(
      await screen.findByText(
        'No value for {{supplier.name}} in this case: staff must write it in before sending, unless you give it a fallback.',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(bodyField()).toHaveAccessibleDescription(/\{\{supplier\.name\|your supplier\}\}/);
  });

  it('asks before leaving unsaved changes', async () => {
    mockFetch({
      [LIST]: () => json(200, [...builtIns, stored]),
      [CASES]: () => json(200, { items: [], nextCursor: null }),
      [PREVIEW]: () => json(200, rendered),
    });
    const { router } = renderScreen('/settings/mail-templates?key=claim-received&language=nr');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Subject/ }), ' changed');
    await userEvent.click(screen.getByRole('button', { name: 'All templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.search).toBe('?key=claim-received&language=nr');
    expect(subjectField()).toHaveValue('Saken din {{case.number}} changed');
    await userEvent.click(screen.getByRole('button', { name: 'All templates' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
