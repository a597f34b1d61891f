import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { CasesPage } from '../../pages/cases-page';

test('[CASES]: the open claim list shows the configured columns, badges and 50 rows a page, with next and previous pages', async ({
  page,
  loginPage,
}) => {
  const cases = new CasesPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  await cases.gotoList('open', 'claim');
  await expect(page.getByRole('heading', { level: 1, name: 'Claims: Open' })).toBeVisible();
  const headers = await page.getByRole('columnheader').allInnerTexts();
  expect(headers.map((h) => h.trim())).toEqual([
    'Case',
    'Mail',
    'Customer',
    'Order',
    'Items',
    'Status',
    'Claim status',
    'Assignee',
    'Updated',
  ]);
  await expect(cases.rows).toHaveCount(50);
  await expect(cases.rows.first().getByTestId('status-badge')).toBeVisible();
  // The mail counts are in sight on a 1280 px screen, without scrolling the table sideways.
  await expect(page.getByRole('columnheader', { name: 'Mail' })).toBeInViewport({ ratio: 1 });
  const unread = await cases.rows.getByTestId('unread-badge').first().boundingBox();
  expect(unread).not.toBeNull();
  expect((unread?.x ?? 0) + (unread?.width ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  await expect(cases.pager).toContainText('Cases 1–50 · page 1');
  const first = await cases.caseNumbers();

  await cases.next.click();
  await expect(cases.pager).toContainText('Cases 51–100 · page 2');
  const second = await cases.caseNumbers();
  expect(second.length).toBeGreaterThan(0);
  expect(second.filter((n) => first.includes(n))).toEqual([]);

  await cases.previous.click();
  await expect(cases.pager).toContainText('page 1');
  expect(await cases.caseNumbers()).toEqual(first);
});

test('[CASES]: sorting by case number goes both ways and is kept in the address', async ({
  page,
  loginPage,
}) => {
  const cases = new CasesPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  await cases.gotoList('open', 'claim');
  const sortByCase = page.getByRole('button', { name: 'Sort by Case' });
  await sortByCase.click();
  await expect(page).toHaveURL(/sort=caseNumber&direction=desc/);
  await expect
    .poll(async () => {
      const numbers = (await cases.caseNumbers()).map((n) => Number(n.slice(1)));
      return numbers.every((n, i) => i === 0 || (numbers[i - 1] ?? 0) > n);
    })
    .toBe(true);
  await sortByCase.click();
  await expect(page).toHaveURL(/direction=asc/);
  await expect
    .poll(async () => {
      const numbers = (await cases.caseNumbers()).map((n) => Number(n.slice(1)));
      return numbers.every((n, i) => i === 0 || (numbers[i - 1] ?? 0) < n);
    })
    .toBe(true);
});

test('[CASES]: the search box updates the search parameter and finds a case by its order reference; an unknown word shows the empty state', async ({
  page,
  loginPage,
}) => {
  const cases = new CasesPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  await cases.gotoList('open', 'claim');
  const row = cases.rows.nth(3);
  const number = (await row.locator('[data-column="caseNumber"]').innerText()).trim();
  const order = (await row.locator('[data-column="orderReference"]').innerText()).trim();
  await cases.search.fill(order);
  await expect(page).toHaveURL(new RegExp(`search=${order}`));
  // The earlier page stays (dimmed) until the answer comes: wait for the narrowed list.
  await expect.poll(() => cases.rows.count()).toBeLessThan(50);
  await expect(page.getByRole('link', { name: number, exact: true })).toBeVisible();

  await cases.search.fill('zzqxnothingmatches');
  await expect(page.getByText('No cases found')).toBeVisible();
  await expect(cases.rows).toHaveCount(0);

  // The address carries the search: opening it shows the same result.
  await page.goto(`/cases/open/claim?search=${encodeURIComponent(order)}`);
  await expect(cases.search).toHaveValue(order);
  await expect(page.getByRole('link', { name: number, exact: true })).toBeVisible();
});

test('[CASES]: the created-date filter takes a date typed in the UI language and keeps it in the address', async ({
  page,
  loginPage,
}) => {
  const cases = new CasesPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  await cases.gotoList('open', 'claim');
  const from = page.getByRole('textbox', { name: 'Created from' });
  await expect(from).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  // English is day first here (23/11/2026), not the browser's month first.
  await from.fill('31/12/2099');
  await from.press('Tab');
  await expect(page).toHaveURL(/createdFrom=2099-12-31/);
  await expect(page.getByText('No cases found')).toBeVisible();

  await from.fill('1/1/2000');
  await from.press('Tab');
  await expect(page).toHaveURL(/createdFrom=2000-01-01/);
  await expect(from).toHaveValue('01/01/2000');
  await expect(cases.rows).toHaveCount(50);

  // Opened in Norwegian, the same address shows the date the Norwegian way.
  await page.getByTestId('language-picker').selectOption('nr');
  await expect(page.getByRole('textbox', { name: 'Opprettet fra' })).toHaveValue('01.01.2000');
});

test('[CASES]: the support workflow has its own list; a standard user is not shown another store', async ({
  page,
  loginPage,
}) => {
  const cases = new CasesPage(page);
  await loginPage.signInWithPassword(USERS.agent);
  await cases.gotoList('open', 'support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support: Open' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Email', exact: true })).toBeVisible();
  // Its seven columns fit a 1280 px screen: the last one is in sight without scrolling sideways.
  await expect(page.getByRole('columnheader', { name: 'Updated' })).toBeInViewport({ ratio: 1 });
  await page.goto('/cases/closed/claim');
  await expect(page).toHaveURL(/\/not-found$/);
});
