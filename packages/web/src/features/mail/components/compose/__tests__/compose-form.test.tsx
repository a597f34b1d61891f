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
      'GET /v2/api/settings/initial-properties/mail-templates/claim': () => json(200, [template]),
    });
    await screen.findByTestId('recipient-chip');
    await user.click(await screen.findByPlaceholderText('No template'));
    await user.click(await screen.findByRole('option', { name: 'claim-received', hidden: true }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Replace your text with the template?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my text' }));
    expect(screen.getByTestId('mail-editor')).toHaveTextContent('Hello Ola,');
    expect(calls.some((c) => c.url.includes('templateKey='))).toBe(false);
  });

  it('sends later at a chosen time', async () => {
    const user = userEvent.setup();
    const { calls, onSent } = renderCompose(reply);
    await screen.findByTestId('recipient-chip');
    await user.click(screen.getByRole('button', { name: 'More ways to send' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send later…' }));
    await user.click(await screen.findByRole('button', { name: /^Tomorrow morning/ }));
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
