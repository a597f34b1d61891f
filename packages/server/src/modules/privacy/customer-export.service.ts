import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import type { TLanguage } from '@claimdesk/contracts';
import type { FileStorage } from '../../lib/file-storage';
import type { TenantDb } from '../../db/tenant-db';
import {
  attachmentsOfMails,
  caseDetails,
  customerCases,
  customerMailIds,
  mailsByIds,
  type Customer,
} from './customer-data.repository';
import { summaryHtml } from './customer-summary';

/**
 * An attachment's name in the zip: its position first (so equal names stay apart), then the name
 * with path separators and control characters replaced, so no entry leaves its folder.
 */
const zipEntryName = (index: number, fileName: string): string =>
  `${String(index + 1)}-${fileName
    // eslint-disable-next-line no-control-regex -- control characters are what we take out
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 200)}`;

type Details = Awaited<ReturnType<typeof caseDetails>>;
const pick = <T extends { caseId: number }>(rows: T[], caseId: number) =>
  rows.filter((r) => r.caseId === caseId).map(({ caseId: _, ...rest }) => rest);

/** Rows without the store column, which says nothing to the customer. */
const bare = <T extends { tenantId?: unknown }>(row: T): Omit<T, 'tenantId'> => {
  const { tenantId: _, ...rest } = row;
  return rest;
};

/** Everything stored about the customer, as data.json holds it. */
export async function loadCustomerExport(db: TenantDb, customer: Customer) {
  const caseRows = await customerCases(db, customer);
  const details: Details = await caseDetails(
    db,
    caseRows.map((c) => c.id),
  );
  const mailRows = await mailsByIds(db, await customerMailIds(db, customer));
  const attachments = await attachmentsOfMails(
    db,
    mailRows.map((m) => m.id),
  );
  const numberOf = new Map(caseRows.map((c) => [c.id, c.caseNumber]));
  const cases = caseRows.map((c) => {
    const { search: _, tenantId: __, ...fields } = c;
    return {
      ...fields,
      items: pick(details.items, c.id).map(bare),
      timeline: pick(details.timeline, c.id).map(bare),
      costs: pick(details.costs, c.id).map(bare),
      creditNotes: pick(details.creditNotes, c.id).map(bare),
      recovery: pick(details.recovery, c.id).map(bare),
      supplierAnswers: pick(details.supplierAnswers, c.id).map(bare),
      participants: pick(details.participants, c.id).map((p) => p.email),
    };
  });
  const mails = mailRows.map((m) => {
    const { search: _, tenantId: __, rawFileHash, ...fields } = m;
    const own = attachments.filter((a) => a.mailLogId === m.id);
    return {
      ...fields,
      caseNumber: m.caseId === null ? null : (numberOf.get(m.caseId) ?? null),
      rawFileHash,
      attachments: own.map((a, index) => ({
        id: a.id,
        fileName: a.fileName,
        contentType: a.contentType,
        size: a.size,
        fileHash: a.fileHash,
        isInline: a.isInline,
        path: `mails/${String(m.id)}/${zipEntryName(index, a.fileName)}`,
      })),
      emlPath: rawFileHash ? `mails/${String(m.id)}/message.eml` : null,
    };
  });
  return {
    customer: { email: customer.email, phoneLast8: customer.phoneTail },
    store: db.tenantId,
    exportedAt: new Date().toISOString(),
    cases,
    mails,
  };
}
export type CustomerExport = Awaited<ReturnType<typeof loadCustomerExport>>;

/** Counts of an export, for the audit log. */
export const exportCounts = (data: CustomerExport) => ({
  cases: data.cases.length,
  caseNumbers: data.cases.map((c) => c.caseNumber),
  items: data.cases.reduce((n, c) => n + c.items.length, 0),
  mails: data.mails.length,
  attachments: data.mails.reduce((n, m) => n + m.attachments.length, 0),
  timelineEntries: data.cases.reduce((n, c) => n + c.timeline.length, 0),
  costLines: data.cases.reduce((n, c) => n + c.costs.length, 0),
});

/**
 * The export as a zip, streamed: data.json and summary.html first, then each file read from
 * storage one at a time, so memory holds one attachment, not the archive. A file missing from
 * storage is left out and listed in missing-files.txt.
 */
export function customerZip(files: FileStorage, data: CustomerExport, language: TLanguage): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const add = (name: string, bytes: Uint8Array, deflate: boolean) => {
    const entry = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(entry);
    entry.push(bytes, true);
  };
  const fill = async () => {
    add('data.json', strToU8(JSON.stringify(data, null, 2)), true);
    add('summary.html', strToU8(summaryHtml(data, language)), true);
    const missing: string[] = [];
    for (const mail of data.mails) {
      const parts: [string, string][] = mail.attachments.map((a) => [a.path, a.fileHash]);
      if (mail.emlPath && mail.rawFileHash) parts.push([mail.emlPath, mail.rawFileHash]);
      for (const [path, key] of parts) {
        const bytes = await files.get(key);
        if (bytes) add(path, bytes, false);
        else missing.push(path);
      }
    }
    if (missing.length > 0) add('missing-files.txt', strToU8(missing.join('\n')), true);
    zip.end();
  };
  fill().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
