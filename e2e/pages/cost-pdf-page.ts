import { readFile } from 'node:fs/promises';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A downloaded PDF: its file name, its pages' text (items joined by spaces), its title. */
export interface DownloadedPdf {
  fileName: string;
  pages: string[];
  title: string;
}

export async function readDownloadedPdf(download: Download): Promise<DownloadedPdf> {
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  const { info } = (await pdf.getMetadata()) as { info: { Title?: string } };
  await pdf.destroy();
  return { fileName: download.suggestedFilename(), pages, title: info.Title ?? '' };
}

/** /reports/cost-pdf: the supplier statement of a period. */
export class CostPdfPage {
  readonly form: Locator;
  readonly from: Locator;
  readonly to: Locator;
  readonly supplier: Locator;
  readonly download: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Supplier statement' });
    this.from = this.form.getByLabel('From');
    this.to = this.form.getByLabel('To');
    this.supplier = this.form.getByLabel('Supplier');
    this.download = this.form.getByRole('button', { name: 'Download PDF' });
  }

  async goto() {
    await this.page.goto('/reports/cost-pdf');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Supplier statement' })).toBeVisible();
  }

  /** Types the dates (the calendar each field opens is shut again with Escape). */
  async setPeriod(from: string, to: string) {
    await this.from.fill(from);
    await this.from.press('Escape');
    await this.to.fill(to);
    await this.to.press('Escape');
  }

  /** Downloads the statement and reads it. */
  async downloadPdf(): Promise<DownloadedPdf> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.download.click()]);
    return readDownloadedPdf(download);
  }
}
