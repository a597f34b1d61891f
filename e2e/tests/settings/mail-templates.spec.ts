import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { MailTemplatesPage } from '../../pages/mail-templates-page';

test('[MAIL-TEMPLATES]: create a template with a placeholder, preview it on a case, edit it, see an unknown placeholder refused, delete it', async ({
  page,
  loginPage,
}) => {
  const templates = new MailTemplatesPage(page);
  const key = `e2e-pickup-${String(Date.now())}`;
  await loginPage.signInWithPassword(USERS.admin);
  await templates.goto();

  await templates.newTemplate.click();
  await templates.key.fill(key);
  await templates.subject.fill('Your case {{case.number}}');
  // The body is formatted text; the placeholder goes in at its cursor.
  await templates.body.click();
  await page.keyboard.type('Hello ');
  await templates.insert('customer.name');
  await expect(templates.body).toHaveText('Hello {{customer.name}}');

  // The preview is drawn against the newest open case of the workflow, with its values.
  await expect(templates.previewCase).toHaveValue(/^#\d+ · .+/);
  const [number, customer] = (await templates.previewCase.inputValue()).slice(1).split(' · ');
  await expect(templates.previewSubject).toHaveText(`Your case ${String(number)}`);
  await expect(templates.previewFrame.locator('body')).toContainText(`Hello ${String(customer)}`);

  await templates.save('Create template');
  await expect(page.getByText(`${key} (English) was saved.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`key=${key}&language=en`));

  await templates.subject.fill('Your case {{case.number}} is ready');
  await expect(templates.previewSubject).toHaveText(`Your case ${String(number)} is ready`);
  await templates.save();
  await expect(page.getByText(`${key} (English) was saved.`).last()).toBeVisible();
  await templates.back.click();
  await expect(templates.row(key)).toContainText('Your case {{case.number}} is ready');

  // The server refuses an unknown placeholder; its message is on the field.
  await templates.open(key, 'English');
  await templates.body.fill('Hello {{customer.phone}}');
  await templates.save();
  await expect(
    page.getByText('{{customer.phone}} is not a placeholder. Choose one from “Insert placeholder”.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(templates.body).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(templates.dialog).toContainText(`The template ${key} in English will be deleted.`);
  await templates.dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`The template ${key} was deleted.`)).toBeVisible();
  await expect(templates.rows.first()).toBeVisible();
  await expect(templates.row(key)).toHaveCount(0);
});

test('[MAIL-TEMPLATES]: a standard user cannot open the mail templates', async ({ page, loginPage }) => {
  await loginPage.signInWithPassword(USERS.agent);
  await page.goto('/settings/mail-templates');
  await expect(page).toHaveURL(/\/access-denied$/);
});
