import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../../../../../lib/session';
import { json, mockFetch } from '../../../../../lib/testing/fetch-mock';
import { addLanguageTexts } from '../../../../../lib/testing/language-texts';
import { renderWithProviders } from '../../../../../lib/testing/render';
import { makeToken } from '../../../../../lib/testing/tokens';
import { mailLog } from '../../../testing/mail-log';
import { MailView } from '../mail-view';

beforeAll(() => addLanguageTexts(['en'], 'mail'));

const html =
  '<p>Hi, see the photo:</p>' +
  '<img data-blocked-src="https://cdn.example.com/photo.jpg" alt="photo">' +
  '<img data-blocked-src="https://track.example.com/open.gif" width="1" height="1">' +
  '<img data-blocked-src="https://track.example.com/hidden.gif" style="display:none">' +
  '<p>On Mon, 4 May 2026, Kari wrote:</p><blockquote><p>Earlier mail</p></blockquote>';

const srcdoc = () => screen.getByTestId('mail-frame').getAttribute('srcdoc') ?? '';

describe('MailView', () => {
  it('draws HTML in a sandboxed frame with a strict policy and remote images blocked', () => {
    renderWithProviders(<MailView mail={mailLog({ html, text: null, hasBlockedImages: true })} />);
    const frame = screen.getByTestId('mail-frame');
    const sandbox = frame.getAttribute('sandbox') ?? '';
    // Same origin only so that the page can measure the mail: nothing in it may run.
    expect(sandbox.split(' ').sort()).toEqual([
      'allow-popups',
      'allow-popups-to-escape-sandbox',
      'allow-same-origin',
    ]);
    expect(srcdoc()).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:;`,
    );
    expect(srcdoc()).not.toMatch(/\ssrc="https:/);
    expect(screen.getByText('Remote images were blocked to protect your privacy.')).toBeInTheDocument();
  });

  it('restores remote images on "Show images" but never the tracking pixels', () => {
    renderWithProviders(<MailView mail={mailLog({ html, text: null, hasBlockedImages: true })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show images' }));
    expect(srcdoc()).toContain('src="https://cdn.example.com/photo.jpg"');
    expect(srcdoc()).toContain('img-src data: https:');
    expect(srcdoc()).not.toContain('track.example.com');
    expect(screen.queryByText('Remote images were blocked to protect your privacy.')).not.toBeInTheDocument();
  });

  it('folds the quoted history behind a toggle', () => {
    renderWithProviders(<MailView mail={mailLog({ html, text: null })} />);
    expect(srcdoc()).not.toContain('Earlier mail');
    expect(srcdoc()).not.toContain('Kari wrote');
    fireEvent.click(screen.getByRole('button', { name: 'Show quoted text' }));
    expect(srcdoc()).toContain('Earlier mail');
  });

  it('shows images of a sender the user always allows', async () => {
    mockFetch({
      'GET /v2/api/users/user-preference': () => json(200, { 'mail.imageSenders': ['ola@example.no'] }),
    });
    startSession(makeToken({ grant_type: 'password' }), 'demo');
    renderWithProviders(<MailView mail={mailLog({ html, text: null, hasBlockedImages: true })} />);
    await expect.poll(srcdoc).toContain('src="https://cdn.example.com/photo.jpg"');
  });

  it('makes links of addresses in plain text and keeps markup as text', () => {
    const text = 'See https://example.com/order?id=1, thanks.\n<script>alert(1)</script>\n<b>bold</b>';
    renderWithProviders(<MailView mail={mailLog({ text })} />);
    const body = screen.getByTestId('mail-text');
    const link = within(body).getByRole('link', { name: 'https://example.com/order?id=1' });
    expect(link).toHaveAttribute('href', 'https://example.com/order?id=1');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('b')).toBeNull();
    expect(body.textContent).toContain('<script>alert(1)</script>');
  });

  it('folds quoted lines and a long signature of a plain-text mail', () => {
    const text =
      'Thanks!\n\nOn Mon, Kari wrote:\n> old line\n-- \nOla\nStreet 1\n0150 Oslo\nPhone 123\nwww.example.no';
    renderWithProviders(<MailView mail={mailLog({ text })} />);
    const body = screen.getByTestId('mail-text');
    expect(body.textContent).not.toContain('old line');
    expect(body.textContent).not.toContain('0150 Oslo');
    fireEvent.click(screen.getByRole('button', { name: 'Show quoted text' }));
    expect(body.textContent).toContain('old line');
    expect(body.textContent).toContain('0150 Oslo');
  });

  it('shows a failed outgoing mail with its error and resends it', async () => {
    const calls = mockFetch({
      'PUT /v2/api/claims/mails/resend/3': () =>
        json(200, mailLog({ id: 3, direction: 'out', sendState: 'pending' })),
    });
    renderWithProviders(
      <MailView
        mail={mailLog({ id: 3, direction: 'out', sendState: 'failed', sendError: '550 No such user' })}
      />,
    );
    expect(screen.getByText('Sending failed: 550 No such user')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await expect.poll(() => calls.some((call) => call.method === 'PUT')).toBe(true);
  });

  it('says why a resend is refused when the sender is not a confirmed mailbox', async () => {
    mockFetch({
      'PUT /v2/api/claims/mails/resend/3': () =>
        json(409, {
          code: 'CONFLICT',
          message: 'Not proven',
          fieldErrors: { from: 'Not a confirmed mailbox' },
        }),
    });
    renderWithProviders(<MailView mail={mailLog({ id: 3, direction: 'out', sendState: 'failed' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(
      await screen.findByText(
        'This mail cannot be sent again until its sender address is confirmed as a mailbox in Mail settings.',
      ),
    ).toBeInTheDocument();
  });

  it('asks before resending a mail that may have been delivered, then resends it confirmed', async () => {
    const calls = mockFetch({
      'PUT /v2/api/claims/mails/resend/3': (call) =>
        call.url.endsWith('?confirm=true')
          ? json(200, mailLog({ id: 3, direction: 'out', sendState: 'pending' }))
          : json(409, {
              code: 'CONFLICT',
              message: 'This mail may have been delivered already',
              fieldErrors: { confirm: 'Its sending was cut off' },
            }),
    });
    renderWithProviders(
      <ModalsProvider>
        <MailView mail={mailLog({ id: 3, direction: 'out', sendState: 'failed' })} />
      </ModalsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('It may have arrived already');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await expect
      .poll(() => calls.map((c) => c.url))
      .toEqual(['/v2/api/claims/mails/resend/3', '/v2/api/claims/mails/resend/3?confirm=true']);
  });
});
