import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { CasesPage } from '../../pages/cases-page';
import { downloadCsv } from '../../pages/csv-download';

test('[CASES]: Export CSV downloads the filtered list, every page: its rows and its unread-mail sum match the screen', async ({
  page,
  loginPage,
}) => {
  const cases = new CasesPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  // The cases with unread mail, by case number: the screen's rows and badges, page after page.
  await cases.gotoList('open', 'claim', '?hasUnread=true&sort=caseNumber&direction=asc');
  const shown: string[] = [];
  let unreadOnScreen = 0;
  for (;;) {
    shown.push(...(await cases.caseNumbers()));
    for (const badge of await cases.rows.getByTestId('unread-badge').allInnerTexts()) {
      unreadOnScreen += Number(badge.trim());
    }
    if (!(await cases.next.isVisible()) || (await cases.next.isDisabled())) break;
    const last = shown.at(-1);
    await cases.next.click();
    await expect(cases.rows.first().locator('[data-column="caseNumber"]')).not.toHaveText(last ?? '');
  }
  expect(shown.length).toBeGreaterThan(0);
  expect(unreadOnScreen).toBeGreaterThan(0);

  const csv = await downloadCsv(page, page.getByRole('button', { name: 'Export CSV' }), ',');
  expect(csv.fileName).toBe('cases-claim-open.csv');
  expect(csv.hasBom).toBe(true);
  expect(csv.header.slice(0, 3)).toEqual(['Case number', 'Status', 'Customer']);
  expect(csv.records.map((r) => `#${r['Case number'] ?? ''}`)).toEqual(shown);
  const unreadInCsv = csv.records.reduce((sum, r) => sum + Number(r['Unread mails']), 0);
  expect(unreadInCsv).toBe(unreadOnScreen);
});

test('[CASES]: in Norwegian the CSV is separated by ; with dates as day.month.year', async ({
  page,
  loginPage,
}) => {
  const cases = new CasesPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  // The UI language is the browser's stored choice; the list then opens in Norwegian.
  await page.evaluate(() => localStorage.setItem('cd.language', 'nr'));
  await cases.gotoList('open', 'claim', '?sort=caseNumber&direction=asc');
  const firstShown = (await cases.caseNumbers())[0] ?? '';
  const csv = await downloadCsv(page, page.getByRole('button', { name: 'Eksporter CSV' }), ';');
  expect(csv.header[0]).toBe('Saksnummer');
  expect(`#${csv.records[0]?.Saksnummer ?? ''}`).toBe(firstShown);
  expect(csv.records[0]?.Opprettet).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
});
