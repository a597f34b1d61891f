import { fireEvent, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TMailAttachment } from '@claimdesk/contracts';
import { json, mockFetch } from '../../../../../lib/testing/fetch-mock';
import { addLanguageTexts } from '../../../../../lib/testing/language-texts';
import { renderWithProviders } from '../../../../../lib/testing/render';
import { attachmentKind, canPreview, formatFileSize } from '../../../lib/attachment-kind';
import { mailLog } from '../../../testing/mail-log';
import { AttachmentList } from '../attachment-list';

beforeAll(() => addLanguageTexts(['en', 'de'], 'mail'));
afterEach(async () => {
  await i18n.changeLanguage('en');
});

const file = (overrides: Partial<TMailAttachment>): TMailAttachment => ({
  id: 1,
  filePath: 'mails/1/1',
  fileType: 'application/octet-stream',
  fileName: 'file.bin',
  size: 100,
  isInline: false,
  contentId: null,
  ...overrides,
});

describe('attachments', () => {
  it('tells the kind of a file by its type, else its name', () => {
    expect(attachmentKind(file({ fileType: 'image/heic', fileName: 'IMG_1.HEIC' }))).toBe('image');
    expect(attachmentKind(file({ fileName: 'receipt.pdf' }))).toBe('pdf');
    expect(attachmentKind(file({ fileType: 'text/plain' }))).toBe('text');
    expect(attachmentKind(file({ fileName: 'photos.zip' }))).toBe('archive');
    expect(
      attachmentKind(file({ fileType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })),
    ).toBe('spreadsheet');
    expect(attachmentKind(file({}))).toBe('other');
    expect(canPreview(file({ fileType: 'image/heic' }))).toBe(true);
    expect(canPreview(file({ fileType: 'image/svg+xml', fileName: 'logo.svg' }))).toBe(false);
    expect(canPreview(file({ fileType: 'application/msword', fileName: 'a.doc' }))).toBe(false);
  });

  it('formats sizes in the UI language', () => {
    expect(formatFileSize(512, 'en-GB')).toBe('512 bytes');
    expect(formatFileSize(1_234_567, 'en-GB')).toBe('1.2 MB');
    expect(formatFileSize(1_234_567, 'de-DE')).toBe('1,2 MB');
    // The attachment limit reads as the README gives it (25 × 1024 × 1024 bytes).
    expect(formatFileSize(26_214_400, 'en-GB')).toBe('25 MB');
  });

  it('lists the files with icon and size, without the inline images, and previews an image', async () => {
    // jsdom has no object URLs.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }),
    );
    const calls = mockFetch({
      'GET /v2/api/claims/mails/preview/attachment': () =>
        new Response('jpeg', { status: 200, headers: { 'Content-Type': 'image/jpeg' } }),
      'GET /v2/api/claims/mails/zip/1/attachments': () => json(200, {}),
    });
    renderWithProviders(
      <AttachmentList
        mail={mailLog({
          attachments: [
            file({ id: 1, fileName: 'photo.jpg', fileType: 'image/jpeg', size: 204_800 }),
            file({ id: 2, fileName: 'invoice.pdf', fileType: 'application/pdf', size: 2_500_000 }),
            file({ id: 3, fileName: 'logo.png', fileType: 'image/png', isInline: true, contentId: 'logo' }),
          ],
        })}
      />,
    );
    expect(screen.getByText('2 attachments')).toBeInTheDocument();
    expect(screen.queryByText('logo.png')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('attachment-size').map((el) => el.textContent)).toEqual([
      '200 kB',
      '2.4 MB',
    ]);
    expect(document.querySelector('[data-kind="image"]')).not.toBeNull();
    expect(document.querySelector('[data-kind="pdf"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Preview photo.jpg' }));
    expect(await screen.findByRole('img', { name: 'photo.jpg' })).toBeInTheDocument();
    expect(calls[0]?.url).toContain('attachmentDetail=mails%2F1%2F1');
  });
});
