import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TMailLog } from '@claimdesk/contracts';
import { json, mockFetch } from '../../../../../lib/testing/fetch-mock';
import { addLanguageTexts } from '../../../../../lib/testing/language-texts';
import { renderRoutes } from '../../../../../lib/testing/render';
import { mailLog } from '../../../testing/mail-log';
import { CaseMailThread } from '../case-mail-thread';

beforeAll(() => {
  addLanguageTexts(['en'], 'mail');
  addLanguageTexts(['en'], 'compose');
});

const LIST = 'GET /v2/api/claims/mails/7/mail-logs';

/** The thread on its case page's address (it reads ?reply= from there). */
const renderThread = (ui: ReactElement, path = '/cases/open/claim/7?tab=mails') =>
  renderRoutes([{ path: '/cases/open/claim/7', element: ui }], path);

const thread: TMailLog[] = [
  mailLog({ id: 1, subject: 'Broken kettle', text: 'First mail', isRead: true }),
  mailLog({
    id: 2,
    direction: 'out',
    from: { name: 'Demo Store', address: 'support@demo-store.test' },
    text: 'Our answer',
    sendState: 'failed',
    sendError: '550 Mailbox unavailable',
  }),
  mailLog({ id: 3, text: 'Unread reply', isRead: false }),
  mailLog({ id: 4, text: 'Newest mail', isRead: true, receivedAt: '2026-05-03T10:00:00.000Z' }),
  mailLog({ id: 5, mailLogType: 'supplier', text: 'Supplier mail', isRead: false }),
];

describe('CaseMailThread', () => {
  it('opens the newest and unread mails, marks the unread ones read and refreshes the counts', async () => {
    const calls = mockFetch({
      [LIST]: () => json(200, thread),
      'PUT /v2/api/claims/mails/3/mark-read-status': () => json(200, { ...thread[2], isRead: true }),
      'GET /v2/api/reports/mail-count': () => json(200, { inbox: 0 }),
    });
    renderThread(<CaseMailThread caseId={7} />);
    const list = await screen.findByTestId('thread-list');
    expect(calls.find((call) => call.url.includes('mail-logs'))?.url).toContain('mailLogType=');
    // The customer tab opens first (it has unread mail); the supplier tab shows its count.
    expect(screen.getByRole('tab', { name: /Customer/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Supplier/ })).toHaveTextContent('1');
    expect(within(list).getAllByTestId('thread-mail')).toHaveLength(4);
    expect(within(list).getByText('Unread reply')).toBeInTheDocument();
    expect(within(list).getByText('Newest mail')).toBeInTheDocument();
    // Folded to one line: the first mail and the failed answer.
    expect(within(list).getAllByTestId('thread-summary')).toHaveLength(2);
    await expect
      .poll(() => calls.filter((call) => call.method === 'PUT').map((call) => call.url))
      .toEqual(['/v2/api/claims/mails/3/mark-read-status?isRead=true']);
    // The supplier's unread mail is not on screen: it stays unread.
    expect(calls.some((call) => call.url.includes('/5/mark-read-status'))).toBe(false);
  });

  it('shows a failed mail with its error and a Resend once unfolded', async () => {
    const calls = mockFetch({
      [LIST]: () => json(200, thread.slice(0, 2)),
      'PUT /v2/api/claims/mails/resend/2': () =>
        json(200, { ...thread[1], sendState: 'pending', sendError: null }),
    });
    renderThread(<CaseMailThread caseId={7} />);
    // The failed answer is the newest here, so it is open.
    expect(await screen.findByText('Sending failed: 550 Mailbox unavailable')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await expect.poll(() => calls.some((call) => call.url === '/v2/api/claims/mails/resend/2')).toBe(true);
    expect(await screen.findByText('Sending')).toBeInTheDocument();
  });

  it('folds the middle of a long conversation, but never an unread mail, and opens the fold', async () => {
    const long = Array.from({ length: 40 }, (_, i) =>
      mailLog({ id: 100 + i, subject: `Mail ${String(i + 1)}`, isRead: i !== 10 }),
    );
    mockFetch({
      [LIST]: () => json(200, long),
      'PUT /v2/api/claims/mails/110/mark-read-status': () => json(200, { ...long[10], isRead: true }),
    });
    renderThread(<CaseMailThread caseId={7} />);
    const list = await screen.findByTestId('thread-list');
    // The first, the unread 11th and the newest 8: the 9 before the unread and the 20 after fold.
    const shown = () =>
      within(list)
        .getAllByTestId('thread-mail')
        .map((m) => m.getAttribute('data-mail-id'));
    expect(shown()).toEqual(['100', '110', ...Array.from({ length: 8 }, (_, i) => String(132 + i))]);
    const folds = within(list).getAllByTestId('thread-fold');
    expect(folds.map((f) => f.textContent)).toEqual(['9 earlier mails', '21 earlier mails']);
    fireEvent.click(folds[1] as HTMLElement);
    expect(within(list).getAllByTestId('thread-mail')).toHaveLength(31);
    expect(within(list).getAllByTestId('thread-fold')).toHaveLength(1);
  });

  it('answers the newest mail of the open conversation with r', async () => {
    const calls = mockFetch({
      [LIST]: () => json(200, thread.slice(0, 4)),
      'GET /v2/api/claims/mails/claim/mail-compose/7': () =>
        json(200, {
          caseId: 7,
          caseNumber: 10007,
          workFlow: 'claim',
          sendType: 'customer',
          mailLogType: 'customer',
          mailLogId: 4,
          from: null,
          to: ['ola@example.no'],
          cc: [],
          bcc: [],
          subject: 'Re: Broken kettle',
          html: '',
          text: '',
          inReplyTo: null,
          references: [],
          attachments: [],
          templateKey: null,
          answeredAutoKind: null,
          maxAttachmentBytes: 1000,
        }),
      'GET /v2/shared/suppliers/contact-persons': () => json(200, []),
      'GET /v2/api/settings/initial-properties/mail-templates/claim': () => json(200, []),
    });
    renderThread(<CaseMailThread caseId={7} workFlow="claim" />);
    await screen.findByTestId('thread-list');
    fireEvent.keyDown(document.body, { key: 'r' });
    expect(await screen.findByTestId('compose-form')).toHaveAccessibleName('Reply: Broken kettle');
    await expect
      .poll(() => calls.find((c) => c.url.includes('/mail-compose/7'))?.url)
      .toBe('/v2/api/claims/mails/claim/mail-compose/7?sendType=customer&mailLogId=4');
  });

  it('opens with the reply to the mail named in ?reply= being written, and drops it from the address', async () => {
    const calls = mockFetch({
      [LIST]: () => json(200, thread.slice(0, 4)),
      'GET /v2/shared/suppliers/contact-persons': () => json(200, []),
      'GET /v2/api/settings/initial-properties/mail-templates/claim': () => json(200, []),
    });
    const { router } = renderThread(
      <CaseMailThread caseId={7} workFlow="claim" />,
      '/cases/open/claim/7?tab=mails&reply=3',
    );
    expect(await screen.findByTestId('compose-form')).toBeInTheDocument();
    await expect
      .poll(() => calls.find((c) => c.url.includes('/mail-compose/7'))?.url)
      .toBe('/v2/api/claims/mails/claim/mail-compose/7?sendType=customer&mailLogId=3');
    expect(router.state.location.search).toBe('?tab=mails');
  });

  it('unfolds a folded mail on click', async () => {
    mockFetch({ [LIST]: () => json(200, thread.slice(0, 4)) });
    renderThread(<CaseMailThread caseId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show the mail from Ola Nordmann' }));
    expect(screen.getByText('First mail')).toBeInTheDocument();
  });

  it('has a friendly empty state and translated errors', async () => {
    mockFetch({ [LIST]: () => json(200, []) });
    const { unmount } = renderThread(<CaseMailThread caseId={7} />);
    expect(await screen.findByText('No mails on this case yet')).toBeInTheDocument();
    unmount();
    mockFetch({ [LIST]: () => json(404, { code: 'NOT_FOUND', message: 'Case not found' }) });
    renderThread(<CaseMailThread caseId={7} />);
    expect(
      await screen.findByText('The mails of this case could not be found. The case may have been deleted.'),
    ).toBeInTheDocument();
  });
});
