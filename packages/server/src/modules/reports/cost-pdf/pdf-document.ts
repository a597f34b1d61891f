// The drawing both cost PDFs share: an A4 page with DejaVu Sans embedded (so æ ø å ß ü € come out
// as written), a title block, label/value lines, tables whose header repeats on each page, and
// "Page n of m" on every page once the page count is known. Table rows are drawn as single lines
// of text at fixed places: pdfkit's doc.table() lays out every cell with its line wrapper, which
// took minutes for a statement of 10,000 rows; this, with pdfkit-speed.ts, about a second
// (bench/cost-pdf.ts).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { speedUpPdfkit } from './pdfkit-speed';

const require = createRequire(import.meta.url);

/**
 * A font file: beside the built server (scripts/build.mjs copies the two into dist/fonts, so a
 * pruned install needs no font package), else from the package when run from the sources.
 */
const fontFile = (face: string) => {
  const built = path.join(import.meta.dirname, 'fonts', face);
  return existsSync(built) ? built : require.resolve(`dejavu-fonts-ttf/ttf/${face}`);
};

/** The fonts, read once. */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(fontFile('DejaVuSans.ttf')),
    bold: readFileSync(fontFile('DejaVuSans-Bold.ttf')),
  });

const MARGIN = 36;
const FOOTER_HEIGHT = 28;
const BODY_SIZE = 8.5;
const TABLE_SIZE = 8;
const GAP = 6;
const ROW_HEIGHT = 12;
const GREY = '#555555';
const RULE = '#bbbbbb';

export interface PdfColumn {
  header: string;
  /** Share of the page's width; the shares of a table add up to 1. */
  share: number;
  align?: 'left' | 'right';
}

export interface PdfRow {
  cells: string[];
  isBold?: boolean;
  /** Text under the row across the table's width, wrapped, in grey (a line's note). */
  note?: string | null;
}

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<void>;

  constructor(meta: { title: string; author: string; language: string }) {
    const { regular, bold } = loadFonts();
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
      bufferPages: true,
      lang: meta.language,
      info: { Title: meta.title, Author: meta.author, Creator: 'Claimdesk' },
      displayTitle: true,
    });
    this.doc.registerFont('regular', regular);
    this.doc.registerFont('bold', bold);
    speedUpPdfkit(this.doc, ['regular', 'bold']);
    this.doc.font('regular').fontSize(BODY_SIZE);
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on('end', resolve);
      this.doc.on('error', reject);
    });
  }

  private get left() {
    return this.doc.page.margins.left;
  }
  private get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }
  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page when fewer than `height` points are left on this one. */
  private room(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  /** The big title, and the store's name and what the report is about under it. */
  title(title: string, subtitle: string): void {
    this.doc.font('bold').fontSize(16).fillColor('black').text(title, this.left, this.doc.y);
    this.doc.font('regular').fontSize(10).fillColor(GREY).text(subtitle);
    this.doc.fillColor('black').fontSize(BODY_SIZE).moveDown(0.8);
  }

  heading(text: string): void {
    this.room(50);
    this.doc.moveDown(0.6);
    this.doc.font('bold').fontSize(11).text(text, this.left, this.doc.y);
    this.doc.font('regular').fontSize(BODY_SIZE).moveDown(0.3);
  }

  /** "Label: value" lines, the labels in one column; empty values are left out. */
  facts(pairs: [string, string | null | undefined][]): void {
    const doc = this.doc;
    const labelWidth = 120;
    const valueWidth = this.width - labelWidth;
    for (const [label, value] of pairs) {
      if (!value) continue;
      doc.font('bold');
      const labelHeight = doc.heightOfString(label, { width: labelWidth - 8 });
      doc.font('regular');
      this.room(Math.max(labelHeight, doc.heightOfString(value, { width: valueWidth })) + 2);
      const y = doc.y;
      doc.font('bold').text(label, this.left, y, { width: labelWidth - 8 });
      const labelEnd = doc.y;
      doc.font('regular').text(value, this.left + labelWidth, y, { width: valueWidth });
      doc.y = Math.max(doc.y, labelEnd) + 2;
    }
    doc.x = this.left;
  }

  /** A plain paragraph (an empty table's text, an explanation). */
  paragraph(text: string, isGrey = false): void {
    this.room(ROW_HEIGHT);
    this.doc.fillColor(isGrey ? GREY : 'black').text(text, this.left, this.doc.y, { width: this.width });
    this.doc.fillColor('black');
  }

  /** Rows under a bold header, which is drawn again at the top of each page the table runs onto. */
  table(columns: PdfColumn[], rows: Iterable<PdfRow>): void {
    const doc = this.doc;
    const x: number[] = [];
    let at = this.left;
    for (const column of columns) {
      x.push(at);
      at += column.share * this.width;
    }
    const widths = columns.map((c) => c.share * this.width - GAP);
    // Headers may take two lines (German words are long); cells never do.
    const header = () => {
      doc.font('bold').fontSize(TABLE_SIZE);
      const y = doc.y;
      let end = y;
      columns.forEach((column, i) => {
        doc.text(column.header, x[i] ?? this.left, y, {
          width: widths[i] ?? 0,
          align: column.align ?? 'left',
        });
        end = Math.max(end, doc.y);
      });
      doc.y = end + 3;
      doc
        .moveTo(this.left, doc.y - 2)
        .lineTo(this.left + this.width, doc.y - 2)
        .strokeColor(RULE)
        .lineWidth(0.5)
        .stroke();
      doc.font('regular');
    };
    this.room(ROW_HEIGHT * 4);
    header();
    for (const row of rows) {
      const noteHeight = row.note
        ? doc.fontSize(TABLE_SIZE - 1).heightOfString(row.note, { width: this.width - 12 })
        : 0;
      doc.fontSize(TABLE_SIZE);
      if (doc.y + ROW_HEIGHT + noteHeight > this.bottom) {
        doc.addPage();
        header();
      }
      if (row.isBold) {
        doc
          .moveTo(this.left, doc.y - 2)
          .lineTo(this.left + this.width, doc.y - 2)
          .strokeColor(RULE)
          .lineWidth(0.5)
          .stroke();
        doc.font('bold');
      }
      this.line(row.cells, columns, x, widths);
      if (row.isBold) doc.font('regular');
      if (row.note) {
        const y = doc.y - 2;
        doc
          .fontSize(TABLE_SIZE - 1)
          .fillColor(GREY)
          .text(row.note, this.left + 12, y, { width: this.width - 12 });
        doc.fillColor('black').fontSize(TABLE_SIZE);
        doc.y += 2;
      }
    }
    doc.fontSize(BODY_SIZE);
    doc.x = this.left;
  }

  /**
   * One line of cells at the current height. Text too long for its column is cut with "…";
   * a figure (a right-aligned cell) is never cut: it is set smaller until it fits.
   */
  private line(cells: string[], columns: PdfColumn[], x: number[], widths: number[]): void {
    const doc = this.doc;
    const y = doc.y;
    cells.forEach((cell, i) => {
      const width = widths[i] ?? 0;
      const left = x[i] ?? this.left;
      if (columns[i]?.align !== 'right') {
        doc.text(this.fit(cell, width), left, y, { lineBreak: false });
        return;
      }
      let size = TABLE_SIZE;
      let textWidth = doc.widthOfString(cell);
      if (textWidth > width) {
        size = Math.max(4, (TABLE_SIZE * width) / textWidth);
        doc.fontSize(size);
        textWidth = doc.widthOfString(cell);
      }
      doc.text(cell, left + width - textWidth, y + (TABLE_SIZE - size) / 2, { lineBreak: false });
      if (size !== TABLE_SIZE) doc.fontSize(TABLE_SIZE);
    });
    doc.y = y + ROW_HEIGHT;
  }

  /** `text` cut to fit `width`, ending in "…" when cut. Short text is not measured at all. */
  private fit(text: string, width: number): string {
    const doc = this.doc;
    // No glyph of DejaVu Sans is wider than 1.1 em: text this short always fits.
    if (text.length * TABLE_SIZE * 1.1 <= width || doc.widthOfString(text) <= width) return text;
    let low = 0;
    let high = text.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) low = mid;
      else high = mid - 1;
    }
    return `${text.slice(0, low).trimEnd()}…`;
  }

  /** Writes "Page n of m" (and the report's name) at the foot of every page, and the file. */
  async finish(footer: string, page: (n: number, of: number) => string): Promise<Buffer> {
    const doc = this.doc;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // The foot lies in the bottom margin: without it, pdfkit would start a new page for it.
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - MARGIN - 4;
      doc.font('regular').fontSize(7.5).fillColor(GREY);
      doc.text(footer, this.left, y, { lineBreak: false });
      const label = page(i - range.start + 1, range.count);
      doc.text(label, this.left + this.width - doc.widthOfString(label), y, { lineBreak: false });
      doc.page.margins.bottom = margin;
    }
    doc.end();
    await this.ended;
    return Buffer.concat(this.chunks);
  }
}
