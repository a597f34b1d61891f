import { createServer } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { MailConfigPage, readConfirmationMail } from '../../pages/mail-config-page';

/** Serious or critical accessibility violations of the mail accounts screen (its main part). */
const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).include('main').analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** A port on 127.0.0.1 where nothing answers: taken from the system, then let go. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });

const uniqueAddress = (prefix: string) => `${prefix}-${Date.now().toString(36)}@mail-config.test`;

test.beforeEach(async ({ loginPage }) => {
  await loginPage.signInWithPassword(USERS.admin);
});

test('[MAIL-CONFIG]: the demo mailbox is listed with its state: connected, forwarded', async ({ page }) => {
  const config = new MailConfigPage(page);
  await config.goto();
  const demo = config.card('support@demo-store.test');
  await expect(config.status('support@demo-store.test')).toHaveText('Connected');
  await expect(demo).toContainText('Forwarded');
  await expect(demo).toContainText('Through the forward to Claimdesk');
  await expect(demo.getByRole('switch', { name: 'Enabled' })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
});

test('[MAIL-CONFIG]: a mailbox at a port where nothing answers fails its test as “could not connect”; removed again', async ({
  page,
}) => {
  // Two connection tests that each wait out the 8 s window, and the fetch job's first failure.
  test.setTimeout(120_000);
  const config = new MailConfigPage(page);
  const port = await closedPort();
  const address = uniqueAddress('closed');
  await config.goto();
  await config.openAdd('IMAP and SMTP');
  await config.field('Email address').fill(address);
  await config.field('Server').fill('127.0.0.1');
  await config.field('Port').fill(String(port));
  await config.field('User name').fill(address);
  await config.field('Server', 1).fill('127.0.0.1');
  await config.field('Port', 1).fill(String(port));
  await config.field('Password').fill('not-used-1');
  await config.dialog.getByRole('button', { name: 'Test connection' }).click();
  const results = config.dialog.getByTestId('connection-results');
  // A failure to connect is answered after a fixed window (8 s), as a closed port is not to be told
  // apart from a filtered one by the time it takes; the category only, in the reader's language.
  const nothingAnswers = 'Could not connect: check the server name, the port and any firewall';
  await expect(results).toContainText(new RegExp(`Incoming \\(IMAP\\)\\s*Failed.*${nothingAnswers}`, 's'), {
    timeout: 20_000,
  });
  await expect(results).toContainText(new RegExp(`Outgoing \\(SMTP\\)\\s*Failed.*${nothingAnswers}`, 's'));
  await expect(results).not.toContainText(String(port));

  await config.dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`${address} added. A confirmation code was mailed to it.`)).toBeVisible();
  await expect(config.card(address)).toContainText(`127.0.0.1:${String(port)}, TLS`);
  await expect(config.card(address).getByTestId('verification-panel')).toBeVisible();
  // The fetch job signs in at once, even before the proof: its failure shows as a category too.
  await expect(config.status(address)).toHaveText('Failing', { timeout: 20_000 });
  await expect(config.card(address).getByTestId('mailbox-error')).toContainText(nothingAnswers);
  await expect(config.card(address).getByTestId('mailbox-error')).not.toContainText('ECONNREFUSED');
  await expect(config.card(address).getByTestId('mailbox-error')).toContainText(
    /Failing since \d.*\(last attempt \d/,
  );
  await config.card(address).getByRole('button', { name: 'Test connection' }).click();
  await expect(config.card(address).getByTestId('connection-results')).toContainText(nothingAnswers, {
    timeout: 20_000,
  });

  await config.remove(address);
  await page.reload();
  await expect(config.card('support@demo-store.test')).toBeVisible();
  await expect(config.card(address)).toHaveCount(0);
});

test('[MAIL-CONFIG]: a forward mailbox is confirmed by typing the code mailed to it', async ({ page }) => {
  const config = new MailConfigPage(page);
  const address = uniqueAddress('typed');
  await config.goto();
  await config.openAdd('Forwarding');
  await config.field('Email address').fill(address);
  await config.dialog.getByRole('button', { name: 'Add', exact: true }).click();
  const panel = config.card(address).getByTestId('verification-panel');
  await expect(panel).toContainText(`A confirmation code was mailed to ${address}`);
  // Where to forward to, as the server names it: the host this page reached it at and the
  // receiver's real port (INBOUND_SMTP_PORT of this run; no INBOUND_SMTP_PUBLIC_* set).
  const forwardHelp = config.card(address).getByTestId('forward-help');
  await expect(forwardHelp).toContainText(address);
  await expect(forwardHelp.getByText('127.0.0.1', { exact: true })).toBeVisible();
  await expect(forwardHelp.getByText(String(process.env.E2E_SMTP_PORT), { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const { code } = await readConfirmationMail(address);
  await panel.getByLabel('Confirmation code').fill(code === 'ABCD2345' ? 'WXYZ6789' : 'ABCD2345');
  await panel.getByRole('button', { name: 'Confirm' }).click();
  await expect(panel.getByText(`This is not the code mailed to ${address} (4 tries left)`)).toBeVisible();
  await expect(config.status(address)).toHaveText('Not confirmed');
  await panel.getByLabel('Confirmation code').fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
  await panel.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`${address} is confirmed.`)).toBeVisible();
  await expect(config.status(address)).toHaveText('Connected');
  await expect(panel).toHaveCount(0);
  await config.remove(address);
});

test('[MAIL-CONFIG]: a forward mailbox is confirmed by its confirmation mail coming back through the forward', async ({
  page,
}) => {
  const config = new MailConfigPage(page);
  const address = uniqueAddress('forwarded');
  await config.goto();
  await config.openAdd('Forwarding');
  await config.field('Email address').fill(address);
  await config.dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(config.status(address)).toHaveText('Not confirmed');

  // The provider forwards the mail it got for the address to the built-in receiver, unchanged.
  const { raw } = await readConfirmationMail(address);
  await nodemailer
    .createTransport({
      host: '127.0.0.1',
      port: Number(process.env.E2E_SMTP_PORT),
      secure: false,
      ignoreTLS: true,
    })
    .sendMail({ envelope: { from: 'no-reply@claimdesk.test', to: [address] }, raw });
  // The screen asks again every 10 s while a mailbox waits for its proof.
  await expect(config.status(address)).toHaveText('Connected', { timeout: 20_000 });
  await expect(config.card(address).getByTestId('verification-panel')).toHaveCount(0);
  await config.remove(address);
});
