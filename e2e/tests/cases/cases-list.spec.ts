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

test('[CASES]: address values the list cannot use are never sent: an item type that is no number, an impossible date, a search longer than the list takes', async ({
  page,
  loginPage,
}) => {
  const cases = new CasesPage(page);
  const sent: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v2/api/claims') sent.push(url.searchParams);
  });
  await loginPage.signInWithPassword(USERS.admin);
  await cases.gotoList('open', 'claim', '?itemType=abc&createdFrom=2026-13-45');
  await expect(cases.rows).toHaveCount(50);
  await expect(page.getByText('The cases could not be loaded')).toHaveCount(0);
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.filter((q) => q.has('itemType') || q.has('createdFrom'))).toEqual([]);

  sent.length = 0;
  await page.goto(`/cases/open/claim?search=${'a'.repeat(250)}`);
  await expect(page.getByText('No cases found')).toBeVisible();
  await expect(cases.search).toHaveValue('a'.repeat(200));
  expect(sent.every((q) => (q.get('search') ?? '').length <= 200)).toBe(true);
  // The box takes no more than the list does.
  await cases.search.fill('b'.repeat(230));
  await expect(cases.search).toHaveValue('b'.repeat(200));
});

test('[CASES]: a page address the server refuses says so and leads back to the first page, not to "check your connection"', async ({
  page,
  loginPage,
}) => {
  const cases = new CasesPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  // A cursor of the case-number order, opened under the default order (last updated).
  const cursor = Buffer.from(JSON.stringify([10100, 1])).toString('base64url');
  await page.goto(`/cases/open/claim?cursor=${cursor}`);
  await expect(page.getByRole('heading', { name: 'A filter is not valid' })).toBeVisible();
  await expect(
    page.getByText('The list cannot use the value given for “Page”.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Check your connection and try again.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Go to the first page' }).click();
  await expect(cases.rows).toHaveCount(50);
  await expect(cases.pager).toContainText('page 1');
  expect(new URL(page.url()).searchParams.has('cursor')).toBe(false);
});

test('[CASES]: the assignee filter offers "Unassigned" and shows only the cases nobody is assigned to', async ({
  page,
  loginPage,
}) => {
  const cases = new CasesPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  await cases.gotoList('open', 'claim');
  await cases.pickFilter(cases.assigneeFilter, 'Unassigned');
  await expect(page).toHaveURL(/assignee=unassigned/);
  await expect(cases.assigneeFilter).toHaveValue('Unassigned');
  await expect
    .poll(async () => {
      const assignees = await cases.rows.locator('[data-column="assignee"]').allInnerTexts();
      return assignees.length > 0 && assignees.every((a) => a.trim() === 'Unassigned');
    })
    .toBe(true);
  // A reload keeps the filter.
  await page.reload();
  await expect(cases.assigneeFilter).toHaveValue('Unassigned');
  await expect(cases.rows.first().locator('[data-column="assignee"]')).toHaveText('Unassigned');
});

test('[CASES]: a reload on page 2 shows page 2 again, and Previous still goes back to page 1', async ({
  page,
  loginPage,
}) => {
  const cases = new CasesPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  await cases.gotoList('open', 'claim');
  const first = await cases.caseNumbers();
  // Page 2's answer is held back a second, as on a busy machine: page 1's rows stay (dimmed) until
  // it comes, and the pager must not call them page 2 meanwhile. It did, and this test then took
  // page 1's numbers for page 2's and failed after the reload.
  let held = 0;
  await page.route(/\/v2\/api\/claims\?.*cursor=/, async (route) => {
    if (held++ === 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await cases.next.click();
  await expect(cases.pager).toContainText('Cases 51–100 · page 2');
  await expect(page).toHaveURL(/cursor=/);
  const second = await cases.caseNumbers();
  expect(second.filter((n) => first.includes(n))).toEqual([]);

  await page.reload();
  await expect(cases.pager).toContainText('Cases 51–100 · page 2', { timeout: 20_000 });
  expect(await cases.caseNumbers()).toEqual(second);

  // The same address in a new tab (a shared link) shows the same page.
  const shared = await page.context().newPage();
  await shared.goto(page.url());
  const sharedCases = new CasesPage(shared);
  await expect(sharedCases.pager).toContainText('page 2', { timeout: 20_000 });
  expect(await sharedCases.caseNumbers()).toEqual(second);
  await shared.close();

  await cases.previous.click();
  await expect(cases.pager).toContainText('Cases 1–50 · page 1');
  expect(await cases.caseNumbers()).toEqual(first);
  // A new filter starts from the first page.
  await cases.next.click();
  await expect(cases.pager).toContainText('page 2');
  await cases.pickFilter(cases.assigneeFilter, 'Unassigned');
  await expect(cases.pager).toContainText('page 1');
  expect(new URL(page.url()).searchParams.has('cursor')).toBe(false);
});

test('[CASES]: the support list offers no item-type filter, support cases having no items', async ({
  page,
  loginPage,
}) => {
  const cases = new CasesPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  await cases.gotoList('open', 'support');
  await expect(cases.assigneeFilter).toBeVisible();
  await expect(cases.itemTypeFilter).toHaveCount(0);
  await cases.gotoList('open', 'claim');
  await expect(cases.itemTypeFilter).toBeVisible();
});

test('[CASES]: the claim list fits a 1280 px screen in every language: no sideways scrolling, every header whole', async ({
  page,
  loginPage,
}) => {
  const cases = new CasesPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  await cases.gotoList('open', 'claim');
  for (const language of ['en', 'nr', 'da', 'de']) {
    await page.getByTestId('language-picker').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language === 'nr' ? 'nb' : language);
    await expect(cases.rows).toHaveCount(50);
    expect(await cases.scrollsSideways(), language).toBe(false);
    const headers = page.getByRole('columnheader');
    await expect(headers).toHaveCount(9);
    await expect(headers.last(), language).toBeInViewport({ ratio: 1 });
    // No header is cut: each one's text fits its two lines and its column's width.
    const cut = await headers.evaluateAll((cells) =>
      cells
        .map((cell) => cell.querySelector<HTMLElement>('[title]'))
        .filter(
          (text) =>
            text && (text.scrollHeight > text.clientHeight + 1 || text.scrollWidth > text.clientWidth + 1),
        )
        .map((text) => text?.title),
    );
    expect(cut, language).toEqual([]);
  }
});
