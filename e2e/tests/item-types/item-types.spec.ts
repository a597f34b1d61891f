import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { ItemTypesPage } from '../../pages/item-types-page';

test('[ITEM-TYPES]: create a type with names in four languages, edit, disable, enable and delete it', async ({
  page,
  loginPage,
}) => {
  const types = new ItemTypesPage(page);
  const stamp = Date.now();
  const name = `Drone ${stamp}`;
  await loginPage.signInWithPassword(USERS.admin);
  await types.goto();
  await types.newType.click();
  await types.dialog.getByRole('button', { name: 'Create item type' }).click();
  await expect(types.dialog.getByText('Give a name in at least one language')).toBeVisible();
  await types.dialog.getByLabel('Key').fill(`drone-${stamp}`);
  await types.dialog.getByLabel('Name (English)').fill(name);
  await types.dialog.getByLabel('Name (Norsk)').fill(`Drone nb ${stamp}`);
  await types.dialog.getByLabel('Name (Dansk)').fill(`Drone da ${stamp}`);
  await types.dialog.getByLabel('Name (Deutsch)').fill(`Drohne ${stamp}`);
  await types.dialog.getByRole('button', { name: 'Create item type' }).click();
  await expect(page.getByText('The item type was created.')).toBeVisible();
  await expect(types.row(name)).toContainText(`Drohne ${stamp}`);
  await expect(types.row(name)).toContainText('0 cases');

  const renamed = `Quadcopter ${stamp}`;
  await types.action(name, 'Edit names');
  await types.dialog.getByLabel('Name (English)').fill(renamed);
  await types.dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(types.row(renamed)).toBeVisible();

  await types.action(renamed, 'Disable');
  await expect(types.row(renamed)).toContainText('Disabled');
  await types.action(renamed, 'Enable');
  await expect(types.row(renamed)).toContainText('Enabled');

  await types.action(renamed, 'Delete');
  await types.dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${renamed} was deleted.`)).toBeVisible();
  await expect(types.row(renamed)).toHaveCount(0);
});

test('[ITEM-TYPES]: a type in use cannot be deleted: its Delete is off and says it can only be disabled', async ({
  page,
  loginPage,
}) => {
  const types = new ItemTypesPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  await types.goto();
  const row = types.rows
    .filter({ hasText: /[1-9]\d* cases?/ })
    .filter({ hasText: 'Enabled' })
    .first();
  const name = (await row.locator('p').first().innerText()).trim();
  await types
    .row(name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  const deleteItem = page.getByRole('menuitem', { name: 'Delete' });
  await expect(deleteItem).toBeDisabled();
  await expect(deleteItem).toContainText('In use by cases: it can only be disabled');
  await page.getByRole('menuitem', { name: 'Disable', exact: true }).click();
  await expect(types.row(name)).toContainText('Disabled');
  await types.action(name, 'Enable');
  await expect(types.row(name)).toContainText('Enabled');
});

test('[ITEM-TYPES]: a standard user cannot open the item types', async ({ page, loginPage }) => {
  await loginPage.signInWithPassword(USERS.agent);
  await page.goto('/settings/claim-item-type');
  await expect(page).toHaveURL(/\/access-denied$/);
});
