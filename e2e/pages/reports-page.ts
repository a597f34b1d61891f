import { expect, type Locator, type Page } from '@playwright/test';

/** The /reports screen: its three sections, each with charts, tables and CSV buttons. */
export class ReportsPage {
  constructor(readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/reports${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  }

  section(key: 'mail' | 'cases' | 'suppliers'): Locator {
    return this.page.getByTestId(`report-${key}`);
  }

  /** The bars a section's charts drew (recharts draws each bar as an SVG path). */
  bars(key: 'mail' | 'cases' | 'suppliers'): Locator {
    return this.section(key).locator('svg.recharts-surface path.recharts-rectangle');
  }

  /** A headline figure of a section, by its label. */
  figure(key: 'mail' | 'cases' | 'suppliers', label: string): Locator {
    return this.section(key).locator(`[data-figure="${label}"]`);
  }

  /** The total row of the section's (first) table. */
  totalRow(key: 'mail' | 'cases' | 'suppliers'): Locator {
    return this.section(key).locator('tfoot tr').first();
  }

  /** Clicks a CSV button of the section and answers the file's text. */
  async downloadCsv(key: 'mail' | 'cases' | 'suppliers', name: string | RegExp): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.section(key).getByRole('button', { name }).click();
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    return readFile(file, 'utf8');
  }
}
