/**
 * The PDFs' speed-ups change nothing a reader gets: the cached figure layout equals fontkit's for
 * every short run of figures in both faces, a document drawn with them is the same file byte for
 * byte as one drawn without, and amounts grouped by hand read as Intl groups them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { TLanguage } from '@claimdesk/contracts';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfFormat } from '../../src/modules/reports/cost-pdf/pdf-format';
import { FIGURE_CHARACTERS, speedUpPdfkit } from '../../src/modules/reports/cost-pdf/pdfkit-speed';

const require = createRequire(import.meta.url);
const FACES = {
  regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
  bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
};

interface Run {
  glyphs: { id: number }[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
  advanceWidth: number;
}
type Layout = (text: string) => Run;

/** A document with both faces registered, sped up or not. */
function newDocument(isFast: boolean): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    info: { CreationDate: new Date(Date.UTC(2026, 0, 2)) },
  });
  doc.registerFont('regular', FACES.regular);
  doc.registerFont('bold', FACES.bold);
  // Fonts are numbered in the order first used: both documents load them in the same order.
  if (isFast) speedUpPdfkit(doc, ['regular', 'bold']);
  else doc.font('regular').font('bold');
  return doc;
}

/** The layout function of a face's fontkit font, as pdfkit calls it. */
function layoutOf(doc: PDFKit.PDFDocument, face: string): Layout {
  const font = (doc.font(face) as unknown as { _font: { font: { layout: Layout } } })._font.font;
  return (text) => font.layout(text);
}

const plain = (run: Run) => ({
  ids: run.glyphs.map((g) => g.id),
  positions: run.positions.map((p) => [p.xAdvance, p.yAdvance, p.xOffset, p.yOffset]),
  width: run.advanceWidth,
});

describe('speedUpPdfkit', () => {
  // Should a pdfkit upgrade move what it patches, the PDFs stay right but slow: this says so.
  it('takes hold of both fonts and of every page, the first and those added later', () => {
    const doc = newDocument(true);
    const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);
    for (const face of ['regular', 'bold']) {
      const font = (doc.font(face) as unknown as { _font: { font: object } })._font.font;
      expect(own(font, 'layout'), face).toBe(true);
    }
    const content = () => (doc as unknown as { page: { content: object } }).page.content;
    expect(own(content(), 'write')).toBe(true);
    doc.addPage();
    expect(own(content(), 'write')).toBe(true);
    expect(own(content(), 'finalize')).toBe(true);
  });
});

describe('the figure layout from the cache', () => {
  it.each(['regular', 'bold'])('equals fontkit’s for every run of three figures in the %s face', (face) => {
    const shaped = layoutOf(newDocument(false), face);
    const cached = layoutOf(newDocument(true), face);
    let checked = 0;
    for (const a of FIGURE_CHARACTERS)
      for (const b of FIGURE_CHARACTERS)
        for (const c of FIGURE_CHARACTERS) {
          const text = a + b + c;
          expect(plain(cached(text)), text).toEqual(plain(shaped(text)));
          checked += 1;
        }
    expect(checked).toBe(FIGURE_CHARACTERS.length ** 3);
    // Longer amounts and text that is not all figures too.
    for (const text of ['-1 234 567,89', '26.11.2026', 'Kunde Ærlig 12', 'fi ffl', 'Øl 0,5'])
      expect(plain(cached(text)), text).toEqual(plain(shaped(text)));
  });

  it('leaves each run its own positions, which pdfkit scales in place', () => {
    const layout = layoutOf(newDocument(true), 'regular');
    const first = layout('11');
    const width = first.positions[0]?.xAdvance ?? 0;
    for (const p of first.positions) p.xAdvance *= 2;
    expect(layout('11').positions[0]?.xAdvance).toBe(width);
  });
});

/** A long table of figures and text over several pages, and the file it makes. */
async function drawTable(isFast: boolean): Promise<Buffer> {
  const doc = newDocument(isFast);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  const format = pdfFormat('nr', 'UTC');
  doc.font('bold').fontSize(12).text('Leverandøroversikt – Müller Ølbrygg GmbH €');
  for (let n = 0; n < 400; n++) {
    const y = doc.y;
    doc.font(n % 10 === 0 ? 'bold' : 'regular').fontSize(8);
    doc.text(String(10_000 + n), 40, y, { lineBreak: false });
    doc.text(`Kunde Ærlig Øverby ${String(n)}`, 100, y, { lineBreak: false });
    doc.text(format.amount(n * 12_345 - 99_999), 400, y, { lineBreak: false });
    doc.y = y + 12;
    if (doc.y > 780) doc.addPage();
  }
  const pages = doc.bufferedPageRange();
  for (let i = pages.start; i < pages.start + pages.count; i++) {
    doc.switchToPage(i);
    doc.text(`Side ${String(i + 1)} av ${String(pages.count)}`, 40, 800, { lineBreak: false });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

describe('a document drawn with the speed-ups', () => {
  it('is the same file byte for byte as one drawn without them', async () => {
    const [slow, fast] = await Promise.all([drawTable(false), drawTable(true)]);
    expect(slow.length).toBeGreaterThan(10_000);
    expect(fast.equals(slow)).toBe(true);
  });
});

describe('amounts grouped by hand', () => {
  it.each<TLanguage>(['en', 'nr', 'da', 'de'])('read as Intl groups them in %s', (language) => {
    const locale = { en: 'en-GB', nr: 'nb-NO', da: 'da-DK', de: 'de-DE' }[language];
    const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const format = pdfFormat(language, 'UTC');
    const values = [0, 1, 99, 100, 999_99, 1_000_00, 12_345_67, 999_999_99, 1_000_000_00, 10_000_000_000_00];
    for (let n = 1; n < 2_000; n++) values.push(n * 7_919_993);
    for (const minor of values.flatMap((v) => [v, -v])) {
      const expected = intl
        .format(minor / 100)
        .replace(/[\u00a0\u202f]/g, ' ')
        .replace('\u2212', '-');
      expect(format.amount(minor), String(minor)).toBe(minor === 0 ? intl.format(0) : expected);
    }
  });
});
