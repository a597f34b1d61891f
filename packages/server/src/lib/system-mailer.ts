import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface SystemMail {
  to: string;
  subject: string;
  text: string;
}

export interface SystemMailer {
  send: (mail: SystemMail) => Promise<void>;
}

/**
 * Mail the system itself sends (one-time codes, notifications): over SMTP when a URL is
 * configured, otherwise written as .eml files into `mail-out/` in the data folder.
 */
export function createSystemMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): SystemMailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: options.from, ...mail });
        options.log.info({ to: mail.to, subject: mail.subject }, 'system mail sent');
      },
    };
  }
  const outDir = path.join(options.dataDir, 'mail-out');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(outDir, { recursive: true });
      const file = path.join(outDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'system mail written to mail-out');
    },
  };
}
