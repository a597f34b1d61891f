import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { DashboardPage } from '../../pages/dashboard-page';

test('[DASHBOARD]: an administrator sees the configured tiles in order, with charts and cases that link to their detail', async ({
  page,
  loginPage,
}) => {
  const dashboard = new DashboardPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  await dashboard.goto();
  await expect(dashboard.tiles).toHaveCount(4);
  const order = await dashboard.tiles.evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-testid')));
  expect(order).toEqual([
    'tile-open-by-status',
    'tile-created-closed-per-week',
    'tile-my-cases',
    'tile-oldest-open',
  ]);
  const bars = dashboard.tile('open-by-status').getByTestId('chart-open-by-status').getByRole('listitem');
  await expect(bars.first()).toBeVisible();
  await expect(bars.first()).toContainText(/\d+/);
  await expect(dashboard.tile('created-closed-per-week').locator('svg polyline')).toHaveCount(2);
  // The week under way is named as such, not dated like the finished ones.
  await expect(dashboard.tile('created-closed-per-week')).toContainText('This week');
  await expect(dashboard.tile('open-by-status')).toContainText('Claims');
  await expect(dashboard.tile('my-cases').getByTestId('my-open-count')).toHaveText(/^\d+$/);

  const oldest = dashboard.tile('oldest-open').getByRole('link').first();
  const text = await oldest.innerText();
  const number = /#\d+/.exec(text)?.[0] ?? '';
  await oldest.click();
  await expect(page).toHaveURL(/\/cases\/(open|archive)\/[a-z-]+\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Case ${number}` })).toBeVisible();
});

test('[DASHBOARD]: a manager opens the store’s dashboard from the menu, with no refusal', async ({
  page,
  loginPage,
}) => {
  const dashboard = new DashboardPage(page);
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(r.url());
  });
  await loginPage.signInWithPassword(USERS.manager);
  await page.getByTestId('menu-dashboard').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(dashboard.tile('open-by-status').getByTestId('chart-open-by-status')).toBeVisible();
  await expect(dashboard.tile('oldest-open').getByRole('link').first()).toBeVisible();
  expect(refused).toEqual([]);
});

test('[DASHBOARD]: an agent gets their desk: own open cases, late ones and unread mail', async ({
  page,
  loginPage,
}) => {
  const dashboard = new DashboardPage(page);
  await loginPage.signInWithPassword(USERS.agent);
  await page.getByTestId('menu-dashboard').click();
  await expect(page.getByRole('heading', { level: 1, name: 'My desk' })).toBeVisible();
  await expect(dashboard.tiles).toHaveCount(3);
  for (const key of ['desk-open', 'desk-late', 'desk-unread'])
    await expect(dashboard.tile(key).getByTestId(`${key}-count`)).toHaveText(/^\d+$/);
  await expect(dashboard.tile('desk-late')).toContainText('7 days or more');
  await expect(page.getByText('Open cases by status')).toHaveCount(0);
});
