import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { AuditLogPage } from '../../pages/audit-log-page';
import { downloadCsv } from '../../pages/csv-download';
import { MailConfigPage } from '../../pages/mail-config-page';

test('[AUDIT-LOG]: an administrator adds and removes a mailbox, finds both in the audit log, filters them and downloads the CSV', async ({
  page,
  loginPage,
}) => {
  const config = new MailConfigPage(page);
  const audit = new AuditLogPage(page);
  const address = `audit-${String(Date.now())}@e2e-shop.test`;
  await loginPage.signInWithPassword(USERS.admin);
  await config.goto();
  await config.openAdd('Forwarding');
  await config.field('Email address').fill(address);
  await config.dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(config.status(address)).toHaveText('Not confirmed');
  await config.remove(address);

  // Reached from the settings menu.
  await page.getByTestId('menu-audit-log').click();
  await audit.expectOpen();
  await expect(audit.entry(address)).toHaveCount(2);
  const added = audit.entry(address).filter({ hasText: 'Mailbox added' });
  await expect(added).toContainText(USERS.admin);
  await expect(added).toContainText(`Mailbox: ${address}`);
  await expect(audit.entry(address).first()).toContainText('Mailbox removed');

  // The details show the mailbox as it was added.
  await added.getByRole('button', { name: 'Show details' }).click();
  const details = page.getByTestId('audit-fields');
  await expect(details).toContainText('address');
  await expect(details).toContainText(address);
  await expect(details).toContainText('forward');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('audit-log-1280.png'), fullPage: true });

  await audit.filterByAction('Mailbox added');
  await audit.target.fill(address);
  await expect(audit.entries).toHaveCount(1);
  await expect(audit.entries).toContainText('Mailbox added');

  const csv = await downloadCsv(page, audit.exportCsv, ',');
  expect(csv.hasBom).toBe(true);
  expect(csv.fileName).toMatch(/^audit-log-\d{4}-\d\d-\d\d\.csv$/);
  expect(csv.records).toHaveLength(1);
  expect(csv.records[0]).toMatchObject({ Who: USERS.admin, Action: 'mailbox.added', Target: address });

  // The download itself is recorded.
  await audit.filterByAction('Data exported');
  await audit.target.fill('audit-log');
  await expect(audit.entries.first()).toContainText('Export: audit-log');

  await page.setViewportSize({ width: 390, height: 844 });
  await audit.target.fill(address);
  await audit.filterByAction('Mailbox removed');
  await expect(audit.entries).toHaveCount(1);
  await audit.entries.getByRole('button', { name: 'Show details' }).click();
  await expect(page.getByTestId('audit-fields')).toContainText(address);
  await page.screenshot({ path: test.info().outputPath('audit-log-390.png'), fullPage: true });
});

test('[AUDIT-LOG]: an agent cannot open the audit log', async ({ page, loginPage }) => {
  await loginPage.signInWithPassword(USERS.agent);
  await page.goto('/settings/audit-log');
  await expect(page).toHaveURL(/\/access-denied$/);
});
