import { readFileSync } from 'node:fs';
import { USERS } from '../../fixtures/env';
import { makePdf, makePng, sendToStore, uniqueMark } from '../../fixtures/inbound-mail';
import { expect as baseExpect, test } from '../../fixtures/test';
import { InboxPage } from '../../pages/inbox-page';

// The server takes the mail in, reads and zips attachments: slow on a busy machine, so wait longer.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

test('[MAIL]: an attachment previews in the page and all download as a zip', async ({ page, loginPage }) => {
  const inbox = new InboxPage(page);
  await loginPage.signInWithPassword(USERS.agent);
  await inbox.goto();
  const subject = uniqueMark('Photos of the damage');
  await sendToStore({
    from: { name: 'Pia Foto', address: 'pia.foto@example.no' },
    subject,
    text: 'Hello, here is a photo of the damage and the receipt.',
    attachments: [
      { filename: 'damage.png', content: makePng(96, 64), contentType: 'image/png' },
      { filename: 'receipt.pdf', content: makePdf('Receipt 4711'), contentType: 'application/pdf' },
    ],
  });
  await page.reload();
  const row = inbox.row(subject);
  await expect(row.getByLabel('2 attachments')).toBeVisible({ timeout: 20_000 });
  await inbox.open(row);

  const files = inbox.mailView.getByTestId('mail-attachments');
  await expect(files).toContainText('2 attachments');
  await expect(files).toContainText('damage.png');
  await expect(files).toContainText('receipt.pdf');

  // The image opens in the page, drawn from the file the server sent.
  await files.getByRole('button', { name: 'Preview damage.png' }).click();
  const imageModal = page.getByRole('dialog', { name: 'damage.png' });
  const image = imageModal.getByRole('img', { name: 'damage.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  await imageModal.getByRole('button', { name: 'Close' }).click();
  await expect(imageModal).toBeHidden();

  // The PDF opens in the browser's viewer, or (where framing is not allowed) offers a new tab.
  await files.getByRole('button', { name: 'Preview receipt.pdf' }).click();
  const pdfModal = page.getByRole('dialog', { name: 'receipt.pdf' });
  await expect(pdfModal.getByRole('link', { name: 'Open in a new tab' })).toBeVisible();
  // Escape, not the close button: the PDF viewer's own process can keep the page busy for a while.
  await page.keyboard.press('Escape');
  await expect(pdfModal).toBeHidden();

  const downloading = page.waitForEvent('download');
  await files.getByRole('button', { name: 'Download all' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mail-\d+-attachments\.zip$/);
  const zip = readFileSync(await download.path());
  expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  // A zip's directory names its files in plain text.
  expect(zip.includes('damage.png')).toBe(true);
  expect(zip.includes('receipt.pdf')).toBe(true);
});
