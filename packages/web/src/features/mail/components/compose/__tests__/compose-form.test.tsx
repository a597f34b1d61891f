import { ModalsProvider } from '@mantine/modals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TMailCompose, TMailLog } from '@claimdesk/contracts';
import { json, mockFetch, type TRecordedCall } from '../../../../../lib/testing/fetch-mock';
import { addLanguageTexts } from '../../../../../lib/testing/language-texts';
import { renderWithProviders } from '../../../../../lib/testing/render';
import { mailLog } from '../../../testing/mail-log';
import { ComposeForm } from '../compose-form';
import type { TComposeOpen } from '../compose-target';

beforeAll(() => addLanguageTexts(['en'], 'compose'));

const answered = mailLog({
  id: 41,
  subject: 'Broken kettle',
  from: { name: 'Ola Nordmann', address: 'ola@example.no' },
  to: [
    { name: 'Demo Store', address: 'support@demo-store.test' },
    { name: 'Kari', address: 'kari@example.no' },
  ],
});
const ours = mailLog({
  id: 40,
  direction: 'out',
  from: { name: 'Demo Store', address: 'support@demo-store.test' },
  to: [{ address: 'ola@example.no' }],
  sendState: 'sent',
});
const supplierMail = mailLog({
  id: 39,
  mailLogType: 'supplier',
  from: { name: 'Parts AS', address: 'claims@parts.test' },
});
const mails: TMailLog[] = [supplierMail, ours, answered];

const QUOTE = '<p>On 1 May, Ola wrote:</p><blockquote style="x">My kettle broke.</blockquote>';
const prefill = (overrides: Partial<TMailCompose> = {}): TMailCompose => ({
  caseId: 7,
  caseNumber: 10007,
  workFlow: 'claim',
  sendType: 'customer',
  mailLogType: 'customer',
  mailLogId: 41,
  from: { name: 'Demo Store', address: 'support@demo-store.test' },
  to: ['ola@example.no'],
  cc: [],
  bcc: [],
  subject: 'Re: Broken kettle',
  html: `<p>Hello Ola,</p><br>${QUOTE}`,
  text: 'Hello Ola,',
  inReplyTo: '<m41@example.no>',
  references: [],
  attachments: [],
  templateKey: null,
  answeredAutoKind: null,
  customerEmail: 'ola@example.no',
  maxAttachmentBytes: 1000,
  ...overrides,
});

const renderCompose = (
  open: TComposeOpen,
  routes: Record<string, (call: TRecordedCall) => Response> = {},
) => {
  const calls = mockFetch({
    'GET /v2/api/claims/mails/claim/mail-compose/7': () => json(200, prefill()),
    'GET /v2/shared/suppliers/contact-persons': () => json(200, []),
    'GET /v2/api/settings/initial-properties/mail-templates/claim': () => json(200, []),
    'POST /v2/api/claims/mails/claim/mail-logs': () => json(201, { ...ours, id: 77, sendState: 'draft' }),
    'PUT /v2/api/claims/mails/claim/mail-logs/77': () => json(200, { ...ours, id: 77, sendState: 'pending' }),
    'POST /v2/api/claims/mails/claim/mail-compose/7': () =>
      json(201, { ...ours, id: 78, sendState: 'pending' }),
    ...routes,
  });
  const onSent = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <ModalsProvider>
      <ComposeForm workFlow="claim" caseId={7} open={open} mails={mails} onClose={onClose} onSent={onSent} />
    </ModalsProvider>,
  );
  return { calls, onSent, onClose };
};

const reply: TComposeOpen = { mode: 'reply', sendType: 'customer', mailLogId: 41 };
const sent = (calls: TRecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.includes('/mail-compose/7'));

describe('ComposeForm', () => {
  it('replies with the recipient as a customer chip, the quote folded, and sends it with its undo window', async () => {
    const user = userEvent.setup();
    const { calls, onSent } = renderCompose(reply);
    const chip = await screen.findByTestId('recipient-chip');
    expect(chip).toHaveTextContent('ola@example.no');
    expect(chip).toHaveAttribute('data-kind', 'customer');
    expect(await screen.findByTestId('mail-editor')).toHaveTextContent('Hello Ola,');
    // The quote is not in the editor: it folds below it.
    expect(screen.getByTestId('mail-editor')).not.toHaveTextContent('My kettle broke.');
    expect(screen.getByRole('button', { name: 'Show the quoted mail' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const call = sent(calls)[0];
    expect(call?.url).toBe('/v2/api/claims/mails/claim/mail-compose/7?sendType=customer&mailLogId=41');
    const body = JSON.parse(String(call?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      to: ['ola@example.no'],
      subject: 'Re: Broken kettle',
      delaySeconds: 10,
      // The newest inbound mail the person had on screen.
      seenMailId: 41,
    });
    expect(String(body.html)).toContain('Hello Ola,');
    expect(String(body.html)).toContain('My kettle broke.');
  });

  it('replies to a relative who wrote, and offers the case customer without adding them', async () => {
    const user = userEvent.setup();
    renderCompose(reply, {
      'GET /v2/api/claims/mails/claim/mail-compose/7': () => json(200, prefill({ to: ['kari@family.test'] })),
    });
    const chip = await screen.findByTestId('recipient-chip');
    expect(chip).toHaveTextContent('kari@family.test');
    expect(chip).not.toHaveAttribute('data-kind', 'customer');
    expect(screen.getAllByTestId('recipient-chip')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Also send to the customer (ola@example.no)' }));
    const chips = screen.getAllByTestId('recipient-chip');
    expect(chips).toHaveLength(2);
    expect(chips[0]).toHaveTextContent('kari@family.test');
    expect(chips[1]).toHaveTextContent('ola@example.no');
    expect(chips[1]).toHaveAttribute('data-kind', 'customer');
    expect(screen.queryByTestId('customer-offer')).toBeNull();
  });

  it('adds the other recipients to Cc on reply to all, less our own address', async () => {
    renderCompose({ mode: 'replyAll', sendType: 'customer', mailLogId: 41 });
    const cc = await screen.findByRole('textbox', { name: 'Cc' });
    const group = cc.closest('.mantine-PillsInput-input') as HTMLElement;
    expect(
      within(group)
        .getAllByTestId('recipient-chip')
        .map((c) => c.textContent),
    ).toEqual(['kari@example.no']);
  });

  it('marks an invalid address, and sending names it instead of calling the server', async () => {
    const user = userEvent.setup();
    const { calls } = renderCompose(reply);
    const to = await screen.findByRole('textbox', { name: 'To' });
    await user.type(to, 'not-an-address{Enter}');
    const chips = screen.getAllByTestId('recipient-chip');
    expect(chips[1]).toHaveAttribute('data-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('compose-problem')).toHaveTextContent(
      'Not a valid address: not-an-address',
    );
    expect(sent(calls)).toHaveLength(0);
  });

  it('takes a pasted list with names, a quoted comma among them, as whole addresses', async () => {
    const user = userEvent.setup();
    renderCompose({ mode: 'new', sendType: 'customer', mailLogId: null });
    const to = await screen.findByRole('textbox', { name: 'To' });
    await user.click(to);
    await user.paste('Per Hansen <per@example.no>, "Berg, Kari" <kari@example.no>');
    const group = to.closest('.mantine-PillsInput-input') as HTMLElement;
    // After the customer the new mail starts with, the two pasted addresses.
    const chips = within(group).getAllByTestId('recipient-chip').slice(1);
    expect(chips.map((c) => c.textContent)).toEqual(['per@example.no', 'kari@example.no']);
    for (const chip of chips) expect(chip).not.toHaveAttribute('data-invalid');
  });

  it('asks before copying a supplier on a mail to the customer', async () => {
    const user = userEvent.setup();
    const { calls, onSent } = renderCompose(reply);
    const to = await screen.findByRole('textbox', { name: 'To' });
    await user.type(to, 'claims@parts.test{Enter}');
    expect(screen.getAllByTestId('recipient-chip')[1]).toHaveAttribute('data-kind', 'supplier');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('claims@parts.test is a supplier');
    expect(sent(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    // The change was kept as a draft first; the draft is what is sent.
    const put = calls.find((c) => c.method === 'PUT' && c.url.endsWith('/mail-logs/77'));
    expect(JSON.parse(String(put?.body))).toMatchObject({
      send: true,
      to: ['ola@example.no', 'claims@parts.test'],
    });
  });

  it('holds the send when a newer mail came, and sends once the person has seen it', async () => {
    const user = userEvent.setup();
    let first = true;
    const { calls, onSent } = renderCompose(reply, {
      'POST /v2/api/claims/mails/claim/mail-compose/7': () => {
        if (!first) return json(201, { ...ours, id: 78, sendState: 'pending' });
        first = false;
        return json(409, {
          code: 'CONFLICT',
          message: 'A new mail arrived on this case while you were writing',
          fieldErrors: { seenMailId: '45' },
        });
      },
    });
    await screen.findByTestId('recipient-chip');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('compose-problem')).toHaveTextContent('A new mail arrived on this case');
    expect(onSent).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(JSON.parse(String(sent(calls)[1]?.body))).toMatchObject({ seenMailId: 45 });
  });

  it('keeps a subject past 500 characters and says so instead of cutting it', async () => {
    const user = userEvent.setup();
    const { calls } = renderCompose(reply);
    await screen.findByTestId('recipient-chip');
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await user.clear(subject);
    await user.click(subject);
    await user.paste('x'.repeat(510));
    expect(subject).toHaveValue('x'.repeat(510));
    expect(screen.getByText('At most 500 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('compose-problem')).toHaveTextContent('At most 500 characters');
    expect(sent(calls)).toHaveLength(0);
  });

  it('blocks sending while a template placeholder is left without a value', async () => {
    const user = userEvent.setup();
    const { calls } = renderCompose(reply, {
      'GET /v2/api/claims/mails/claim/mail-compose/7': () =>
        json(200, prefill({ html: '<p>Your order {{order.reference}} is noted.</p>' })),
    });
    await screen.findByTestId('recipient-chip');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('compose-problem')).toHaveTextContent('{{order.reference}}');
    expect(sent(calls)).toHaveLength(0);
  });

  it('asks before a template replaces what the person wrote', async () => {
    const user = userEvent.setup();
    const template = {
      id: null,
      key: 'claim-received',
      workFlow: 'claim',
      sendType: 'customer',
      language: 'en',
      subject: 'Received',
      body: '<p>We got it</p>',
      isBuiltIn: true,
      hasBuiltIn: true,
      isDisabled: false,
      version: 0,
      updatedBy: null,
      updatedAt: null,
    };
    const { calls } = renderCompose(reply, {
      'GET /v2/api/settings/initial-properties/mail-templates/claim': () =>
        json(200, [template, { ...template, key: 'late-parts', isBuiltIn: false, hasBuiltIn: false }]),
    });
    await screen.findByTestId('recipient-chip');
    await user.click(await screen.findByPlaceholderText('No template'));
    // Names people read, not the keys: a built-in one by its name, the store's own as words.
    expect(screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual([
      'Claim received',
      'Late parts',
    ]);
    await user.click(await screen.findByRole('option', { name: 'Claim received', hidden: true }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Replace your text with the template?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my text' }));
    expect(screen.getByTestId('mail-editor')).toHaveTextContent('Hello Ola,');
    expect(calls.some((c) => c.url.includes('templateKey='))).toBe(false);
  });

  it('closes only an open dropdown on Escape, and the compose on the next one', async () => {
    const user = userEvent.setup();
    const template = {
      id: null,
      key: 'claim-received',
      workFlow: 'claim',
      sendType: 'customer',
      language: 'en',
      subject: 'Received',
      body: '<p>We got it</p>',
      isBuiltIn: true,
      hasBuiltIn: true,
      isDisabled: false,
      version: 0,
      updatedBy: null,
      updatedAt: null,
    };
    const { onClose } = renderCompose(reply, {
      'GET /v2/api/settings/initial-properties/mail-templates/claim': () => json(200, [template]),
    });
    await screen.findByTestId('recipient-chip');
    // The template list.
    const picker = await screen.findByPlaceholderText('No template');
    await user.click(picker);
    expect(await screen.findByRole('option', { name: 'Claim received', hidden: true })).toBeInTheDocument();
    expect(picker).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(picker).toHaveAttribute('aria-expanded', 'false'));
    expect(onClose).not.toHaveBeenCalled();
    // The recipient suggestions.
    const to = screen.getByRole('textbox', { name: 'To' });
    await user.type(to, 'kar');
    expect(await screen.findByRole('option', { name: /kari@example.no/, hidden: true })).toBeInTheDocument();
    expect(to).toHaveAttribute('data-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(to).not.toHaveAttribute('data-expanded'));
    expect(onClose).not.toHaveBeenCalled();
    // The send menu.
    const more = screen.getByRole('button', { name: 'More ways to send' });
    await user.click(more);
    expect(await screen.findByRole('menuitem', { name: 'Send later…' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(more).toHaveAttribute('aria-expanded', 'false'));
    expect(onClose).not.toHaveBeenCalled();
    // With nothing open, Escape closes the compose (keeping the draft).
    screen.getByRole('textbox', { name: 'To' }).focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    // Four dropdowns opened and closed with typing: past vitest's 5 s on a loaded machine.
  }, 20_000);

  it('closes only the send-later dialog on Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = renderCompose(reply);
    await screen.findByTestId('recipient-chip');
    await user.click(screen.getByRole('button', { name: 'More ways to send' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send later…' }));
    await screen.findByRole('button', { name: /^Tomorrow morning/ });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Tomorrow morning/ })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('compose-form')).toBeInTheDocument();
  });

  it('sends later at a chosen time', async () => {
    const user = userEvent.setup();
    const { calls, onSent } = renderCompose(reply);
    await screen.findByTestId('recipient-chip');
    await user.click(screen.getByRole('button', { name: 'More ways to send' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send later…' }));
    const tomorrow = await screen.findByRole('button', { name: /^Tomorrow morning/ });
    // Day before month and a 24-hour clock, as every other date in the app (not "Nov 29, 08:00 AM").
    expect(tomorrow).toHaveTextContent(/\b\d{1,2} [A-Z][a-z]{2}\b.*\b08:00\b/);
    expect(tomorrow).not.toHaveTextContent(/AM|PM/);
    await user.click(tomorrow);
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const body = JSON.parse(String(sent(calls)[0]?.body)) as { sendAt: string };
    const at = new Date(body.sendAt);
    expect(at.getTime()).toBeGreaterThan(Date.now());
    expect([at.getHours(), at.getMinutes()]).toEqual([8, 0]);
  });

  it('refuses a file over the limit before uploading it', async () => {
    const user = userEvent.setup();
    const { calls } = renderCompose(reply);
    await screen.findByTestId('recipient-chip');
    const big = new File(['x'.repeat(2000)], 'photo.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByTestId('compose-file-input'), big);
    expect(await screen.findByText(/Too large/)).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/mails/attachments'))).toBe(false);
  });

  it('sends a kept draft in its own place, keeping the thread it answers', async () => {
    const user = userEvent.setup();
    const draft = mailLog({
      id: 77,
      direction: 'out',
      sendState: 'draft',
      to: [{ address: 'ola@example.no' }],
      subject: 'Re: Broken kettle',
      html: '<p>Almost done</p>',
    });
    const { calls, onSent } = renderCompose({ mode: 'draft', sendType: 'customer', mailLogId: null, draft });
    expect(await screen.findByTestId('mail-editor')).toHaveTextContent('Almost done');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const put = calls.find((c) => c.method === 'PUT' && c.url.endsWith('/mail-logs/77'));
    const body = JSON.parse(String(put?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ send: true, delaySeconds: 10 });
    // No answered mail named: the server keeps the thread the draft was saved with.
    expect(body).not.toHaveProperty('mailLogId');
    expect(sent(calls)).toHaveLength(0);
  });
});
