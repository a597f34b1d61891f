// Varied raw mails for the ingest benchmark: replies that thread by In-Reply-To or References,
// subject tags from a case's customer, new mails from strangers, HTML with an inline image,
// attachments, quoted-printable, base64 and ISO-8859-1 bodies, and auto-replies.

export interface BenchCase {
  caseNumber: number;
  customerEmail: string;
  /** The Message-ID of a mail we sent on the case. */
  ownMessageId: string;
}

const LOREM =
  'Hei, jeg har et problem med varen jeg kjøpte. Den virker ikke som den skal etter to uker, ' +
  'og jeg ønsker å reklamere. Vedlagt finner dere kvittering og bilder av feilen. ';

const base64Lines = (bytes: Buffer) => bytes.toString('base64').replace(/.{76}/g, '$&\r\n');
const pdfLike = (n: number) => Buffer.from(`%PDF-1.4\n% bench ${String(n)}\n${'0'.repeat(20_000)}\n%%EOF\n`);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

function headers(n: number, from: string, subject: string, extra: string[] = []): string {
  return [
    `From: ${from}`,
    'To: support@bench.test',
    `Subject: ${subject}`,
    `Date: ${new Date(Date.UTC(2026, 9, 1, 8, 0, n % 60)).toUTCString()}`,
    `Message-ID: <bench-${String(n)}-${String(Date.now())}@mail.example>`,
    'MIME-Version: 1.0',
    ...extra,
  ].join('\r\n');
}

/** The n-th mail of the benchmark; `cases` are the store's cases to answer on. */
export function benchMail(n: number, cases: BenchCase[]): string {
  const c = cases[n % cases.length];
  if (!c) throw new Error('no cases to thread onto');
  const customer = `Kunde ${String(n % 97)} <${c.customerEmail}>`;
  switch (n % 8) {
    case 0: // a reply by In-Reply-To, plain UTF-8 quoted-printable
      return `${headers(n, customer, `Re: Reklamasjon [#${String(c.caseNumber)}]`, [
        `In-Reply-To: ${c.ownMessageId}`,
        `References: ${c.ownMessageId}`,
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
      ])}\r\n\r\n${LOREM.replace(/ø/g, '=C3=B8').replace(/å/g, '=C3=A5')}\r\n`;
    case 1: // References only, HTML
      return `${headers(n, customer, 'Sv: Oppdatering', [
        `References: <unknown-${String(n)}@x.example> ${c.ownMessageId}`,
        'Content-Type: text/html; charset=utf-8',
      ])}\r\n\r\n<p>${LOREM}</p><p><img src="https://tracker.example/p.gif"></p>\r\n`;
    case 2: // a subject tag from the case's customer, with a PDF attachment
      return `${headers(n, customer, `Kvittering [#${String(c.caseNumber)}]`, [
        'Content-Type: multipart/mixed; boundary="b1"',
      ])}\r\n\r\n--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${LOREM}\r\n--b1\r\nContent-Type: application/pdf; name="kvittering.pdf"\r\nContent-Disposition: attachment; filename="kvittering.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(pdfLike(n))}\r\n--b1--\r\n`;
    case 3: // a stranger: unmapped, ISO-8859-1
      return `${headers(n, `Ny Kunde <new${String(n)}@customer.example>`, 'Spørsmål om bestilling', [
        'Content-Type: text/plain; charset=iso-8859-1',
        'Content-Transfer-Encoding: 8bit',
      ])}\r\n\r\nHei, når kommer varen min? Mvh Åse\r\n`;
    case 4: // HTML with an inline image (related)
      return `${headers(n, customer, `Re: Bilder [#${String(c.caseNumber)}]`, [
        `In-Reply-To: ${c.ownMessageId}`,
        'Content-Type: multipart/related; boundary="r1"',
      ])}\r\n\r\n--r1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>Se bildet:</p><img src="cid:img${String(n)}@x">\r\n--r1\r\nContent-Type: image/png\r\nContent-ID: <img${String(n)}@x>\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(PNG)}\r\n--r1--\r\n`;
    case 5: // an auto-reply
      return `${headers(n, customer, 'Automatisk svar: Reklamasjon', [
        'Auto-Submitted: auto-replied',
        `In-Reply-To: ${c.ownMessageId}`,
        'Content-Type: text/plain; charset=utf-8',
      ])}\r\n\r\nJeg er på ferie til mandag.\r\n`;
    case 6: // base64 text/plain, multipart/alternative
      return `${headers(n, customer, `Re: Reklamasjon [#${String(c.caseNumber)}]`, [
        `In-Reply-To: ${c.ownMessageId}`,
        'Content-Type: multipart/alternative; boundary="a1"',
      ])}\r\n\r\n--a1\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(Buffer.from(LOREM))}\r\n--a1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<div>${LOREM}</div>\r\n--a1--\r\n`;
    default: // a stranger with a tag of a case they are not part of: stays unmapped
      return `${headers(
        n,
        `Fremmed <stranger${String(n)}@else.example>`,
        `Angående [#${String(c.caseNumber)}]`,
        ['Content-Type: text/plain; charset=utf-8'],
      )}\r\n\r\n${LOREM}\r\n`;
  }
}
