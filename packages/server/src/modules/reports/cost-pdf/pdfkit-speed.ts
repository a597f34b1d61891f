// Two speed-ups of pdfkit for long tables, each leaving the file it writes the same byte for byte
// (pdfkit-speed.test.ts draws a document with and without them and compares). With them (and
// amounts grouped without Intl, pdf-format.ts), the 10,000-row supplier statement's request took
// 1.9-2.4 s of CPU instead of 4.1-4.5 s, side by side on a loaded machine (bench/cost-pdf.ts).
//
// 1. Figures laid out glyph by glyph from a cache. pdfkit shapes each new word through fontkit
//    (substitution and positioning lookups, with a plan built per call) and caches the result per
//    word; a statement's words are mostly figures and nearly all new (amounts, case numbers).
//    DejaVu Sans has no ligature, kerning or mark between digits, separators and signs (the test
//    checks every three-character string of them in both faces), so a run of them is the run of
//    its glyphs. Any other text goes to fontkit as before.
// 2. A page's drawing operators kept as text and turned into bytes once, when the page is
//    written: pdfkit makes a new byte array for each operator, hundreds of thousands of them for
//    a long table, and collecting them was a quarter of the time.

/** What pdfkit reads of a fontkit glyph run. */
interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}
interface GlyphRun {
  glyphs: unknown[];
  positions: Position[];
  readonly advanceWidth: number;
  features: unknown;
  script: unknown;
  language: unknown;
  direction: unknown;
}
interface FontkitFont {
  layout: (text: string, ...rest: unknown[]) => GlyphRun;
}
type PositionClass = new (xAdvance: number, yAdvance: number, xOffset: number, yOffset: number) => Position;
type RunClass = new (glyphs: unknown[], ...rest: unknown[]) => GlyphRun;

/** The characters laid out from the cache: digits, the separators, signs and the space. */
export const FIGURE_CHARACTERS = '0123456789.,:/-+% ';
const FIGURES = /^[0-9.,:/\-+% ]+$/;

/** Makes `font` lay out runs of figures from a per-character cache; other text is shaped as before. */
function layOutFiguresFromCache(font: FontkitFont): void {
  const shape = font.layout.bind(font);
  // fontkit's own classes for the runs and positions made here: pdfkit's loops over them then see
  // one shape of object (plain objects made its drawing slower, not faster).
  const sample = shape('0');
  const Run = sample.constructor as RunClass;
  const At = sample.positions[0]?.constructor as PositionClass;
  const characters = new Map<string, { glyphs: unknown[]; positions: Position[] }>();
  font.layout = (text: string, ...rest: unknown[]) => {
    // Features asked for, or a character that could take part in shaping: fontkit.
    if (rest.some((r) => r !== undefined) || !FIGURES.test(text)) return shape(text, ...rest);
    const glyphs: unknown[] = [];
    const positions: Position[] = [];
    for (const character of text) {
      let known = characters.get(character);
      if (!known) {
        const shaped = shape(character);
        known = { glyphs: shaped.glyphs, positions: shaped.positions };
        characters.set(character, known);
      }
      glyphs.push(...known.glyphs);
      // Fresh positions: pdfkit scales a run's positions in place.
      for (const p of known.positions) positions.push(new At(p.xAdvance, p.yAdvance, p.xOffset, p.yOffset));
    }
    const run = new Run(glyphs, sample.features, sample.script, sample.language, sample.direction);
    run.positions = positions;
    return run;
  };
}

/** A page's content stream as pdfkit keeps it: chunks written, then finalised into the file. */
interface ContentStream {
  write: (chunk: string | Uint8Array) => void;
  finalize: () => void;
}

/** Keeps the text operators written to `content` as strings and writes them as one chunk. */
function bufferContent(content: ContentStream): void {
  const write = content.write.bind(content);
  const finalize = content.finalize.bind(content);
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    // What pdfkit does to each string: a line of it, its characters as bytes (latin1).
    write(Buffer.from(`${pending.join('\n')}\n`, 'latin1'));
    pending = [];
  };
  content.write = (chunk) => {
    if (typeof chunk === 'string') {
      pending.push(chunk);
      return;
    }
    flush();
    write(chunk);
  };
  content.finalize = () => {
    flush();
    finalize();
  };
}

type Internals = PDFKit.PDFDocument & {
  _font?: { font?: Partial<FontkitFont> };
  page: { content?: Partial<ContentStream> };
};

/**
 * Applies both speed-ups to `doc`: to the fonts in `faces` (registered TTFs) and to every page,
 * this one and those added later. Where pdfkit's insides are not as expected, nothing changes.
 */
export function speedUpPdfkit(doc: PDFKit.PDFDocument, faces: string[]): void {
  const inside = doc as Internals;
  for (const face of faces) {
    const font = inside.font(face)._font?.font;
    if (typeof font?.layout === 'function') layOutFiguresFromCache(font as FontkitFont);
  }
  const bufferPage = () => {
    const content = inside.page.content;
    if (typeof content?.write === 'function' && typeof content.finalize === 'function')
      bufferContent(content);
  };
  bufferPage();
  doc.on('pageAdded', bufferPage);
}
