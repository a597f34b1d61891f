import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { StoreConfigsPage } from '../../pages/store-configs-page';

type TOption = { value: string; label: string };

// Each test walks a whole editing round; give it room on a busy machine.
test.describe.configure({ timeout: 120_000 });

const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test('[STORE-CONFIGS]: a super administrator sees every document and where its value comes from', async ({
  page,
  loginPage,
}) => {
  const configs = new StoreConfigsPage(page);
  await loginPage.signInWithPassword(USERS.super);
  await configs.goto();
  await expect(configs.editor).toHaveAttribute('data-document', 'menu');
  for (const name of [
    'menu',
    'feature',
    'translations',
    'dashboard',
    'cost-form',
    'mail-template-form',
    'compensation-modes',
  ]) {
    await expect(configs.entry(name)).toBeVisible();
  }
  // The per-workflow documents of the workflows in the store's menu.
  for (const workFlow of ['claim', 'support']) {
    for (const kind of ['form', 'list-columns', 'search-filters', 'tabs', 'status-options']) {
      await expect(configs.entry(`${kind}.${workFlow}`)).toBeVisible();
    }
  }
  // The seed stores demo-store's feature flags; the menu is the built-in default.
  await expect(configs.sourceOf('feature')).toHaveText('Store');
  await expect(configs.sourceOf('menu')).toHaveText('Default');
  await configs.open('feature');
  await expect(configs.storedInfo).toContainText('Version');
  expect(await configs.currentValue()).toMatchObject({ supportClaim: true });
  await page.screenshot({ path: test.info().outputPath('store-configs.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  // Down to 1024 px wide, list and editor sit side by side without overflowing.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(configs.entry('menu')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  await page.screenshot({ path: test.info().outputPath('store-configs-1024.png') });
});

test('[STORE-CONFIGS]: administrators and agents are kept out', async ({ page, loginPage }) => {
  for (const user of [USERS.admin, USERS.agent]) {
    await page.context().clearCookies();
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await loginPage.signInWithPassword(user);
    await page.goto('/settings/store-configs');
    await expect(page).toHaveURL('/access-denied');
  }
});

test('[STORE-CONFIGS]: edit a document, see the diff, save, and reset it to the default', async ({
  page,
  loginPage,
}) => {
  const configs = new StoreConfigsPage(page);
  await loginPage.signInWithPassword(USERS.super);
  await configs.goto('compensation-modes');
  await expect(configs.sourceOf('compensation-modes')).toHaveText('Default');
  await expect(configs.storedInfo).toContainText('Not stored for this store');
  await expect(configs.review).toBeDisabled();
  await expect(configs.reset).toBeDisabled();

  const modes = (await configs.currentValue()) as TOption[];
  const edited = [...modes, { value: 'voucher', label: 'Gift voucher' }];
  await configs.write(edited);
  await configs.review.click();
  await expect(configs.diff).toBeVisible();
  await expect(configs.diff).toContainText('+4 added');
  await expect(
    configs.diff.locator('[data-diff="added"]').filter({ hasText: '"value": "voucher"' }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('store-configs-diff.png') });
  expect(await seriousViolations(page)).toEqual([]);
  await configs.dialog.getByTestId('config-save').click();
  await expect(page.getByText('compensation-modes saved')).toBeVisible();
  await expect(configs.sourceOf('compensation-modes')).toHaveText('Store');
  await expect(configs.storedInfo).toContainText('Version 1, saved by super@demo-store.test');

  // What the store gets now is the saved document.
  await page.reload();
  await expect(configs.editor).toHaveAttribute('data-document', 'compensation-modes');
  expect(await configs.currentValue()).toEqual(edited);

  // A second edit counts the version up.
  await configs.write(edited.filter((m) => m.value !== 'repair'));
  await configs.reviewAndSave();
  await expect(configs.storedInfo).toContainText('Version 2');

  await configs.reset.click();
  await expect(configs.dialog).toContainText('The Default document applies again');
  await expect(
    configs.diff.locator('[data-diff="removed"]').filter({ hasText: '"value": "voucher"' }),
  ).toBeVisible();
  await configs.dialog.getByTestId('config-reset-confirm').click();
  await expect(page.getByText('compensation-modes reset')).toBeVisible();
  await expect(configs.sourceOf('compensation-modes')).toHaveText('Default');
  await expect(configs.storedInfo).toContainText('Not stored for this store');
  expect(await configs.currentValue()).toEqual(modes);
});

test('[STORE-CONFIGS]: a document that does not fit is refused with the place and message, and nothing is saved', async ({
  page,
  loginPage,
}) => {
  const configs = new StoreConfigsPage(page);
  await loginPage.signInWithPassword(USERS.super);
  await configs.goto('form.claim');
  // Other specs may have stored the claim form for the demo store: nothing saved here keeps its source.
  const sourceBefore = await configs.sourceOf('form.claim').innerText();
  const form = (await configs.currentValue()) as { groups: { fields: { type: string }[] }[] };
  const bad = structuredClone(form);
  const field = bad.groups[0]?.fields[1];
  if (!field) throw new Error('the claim form has no second field');
  field.type = 'colour-picker';
  await configs.write(bad);
  await expect(configs.problems).toBeVisible();
  await expect(configs.problems).toContainText('The document does not fit its schema in 1 place');
  const problem = configs.problems.locator('[data-path="groups.0.fields.1.type"]');
  await expect(problem).toContainText(/Line \d+ · groups\.0\.fields\.1\.type/);
  await expect(problem).toContainText('Invalid option');
  await expect(configs.json).toHaveAttribute('aria-invalid', 'true');
  await expect(configs.review).toBeDisabled();
  // The line link puts the cursor on the offending line.
  await problem.getByRole('button', { name: /Line \d+/ }).click();
  await expect(configs.json).toBeFocused();
  const selected = await configs.json.evaluate((el: HTMLTextAreaElement) =>
    el.value.slice(el.selectionStart, el.selectionEnd),
  );
  expect(selected).toContain('"type": "colour-picker"');
  await page.screenshot({ path: test.info().outputPath('store-configs-problems.png') });
  expect(await seriousViolations(page)).toEqual([]);

  await configs.write('{ "header": [ ');
  await expect(configs.editor).toContainText('This is not valid JSON');
  await expect(configs.review).toBeDisabled();

  await page.reload();
  await expect(configs.editor).toHaveAttribute('data-document', 'form.claim');
  await expect(configs.sourceOf('form.claim')).toHaveText(sourceBefore);
  expect(await configs.currentValue()).toEqual(form);
});

test('[STORE-CONFIGS]: a save over someone else’s newer save is refused with a clear message', async ({
  page,
  context,
  loginPage,
}) => {
  const configs = new StoreConfigsPage(page);
  await loginPage.signInWithPassword(USERS.super);
  await configs.goto('cost-form');
  const raw = JSON.stringify(await configs.currentValue());
  const withLabel = (suffix: string) =>
    JSON.parse(raw.replace(/"label":"([^"]+)"/, `"label":"$1 ${suffix}"`)) as unknown;
  await configs.write(withLabel('(first)'));
  await configs.reviewAndSave();
  await expect(configs.storedInfo).toContainText('Version 1');

  // Someone else saves the same document in another tab.
  const other = new StoreConfigsPage(await context.newPage());
  await other.goto('cost-form');
  await expect(other.storedInfo).toContainText('Version 1');
  await other.write(withLabel('(theirs)'));
  await other.reviewAndSave();
  await expect(other.storedInfo).toContainText('Version 2');

  await configs.write(withLabel('(mine)'));
  await configs.review.click();
  await configs.dialog.getByTestId('config-save').click();
  await expect(configs.conflict).toContainText('Someone else saved this document');
  await expect(configs.storedInfo).toContainText('Version 1');
  await configs.conflict.getByRole('button', { name: 'Load the latest version' }).click();
  await expect(configs.conflict).toBeHidden();
  await expect(configs.storedInfo).toContainText('Version 2');
  // The text being edited stays; the review now compares it with their version.
  expect(JSON.stringify(await configs.currentValue())).toContain('(mine)');
  await configs.review.click();
  await expect(configs.diff.locator('[data-diff="removed"]').filter({ hasText: '(theirs)' })).toBeVisible();
  await configs.dialog.getByTestId('config-save').click();
  await expect(configs.storedInfo).toContainText('Version 3');
  await configs.resetToFallback();
  await expect(configs.sourceOf('cost-form')).toHaveText('Default');
});
