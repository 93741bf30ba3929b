import 'server-only';

/** The glyphs of a text and their advances, as pdfkit's fonts (standard or embedded) encode it. */
type Encoded = [string[], { xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number }[]];

/** What of pdfkit's document the writer reads: the current font, its size and the page's resources. */
interface Inside {
  _font?: { id: string; ascender: number; encode?: (text: string) => Encoded; ref(): unknown };
  _fontSize?: number;
  page?: { height: number; fonts?: Record<string, unknown> };
}

/** pdfkit's own rounding of the numbers it writes (PDFObject.number). */
const num = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The cells of a table's rows, drawn with the very operators pdfkit's `text()` writes for a line of
 * text (the same page content, byte for byte), but each row written to the page at once. Through
 * `text()`, each of a long statement's 12,000 cells went through the line wrapper (word breaking,
 * measuring every word, measuring again to align right) and wrote eight operators one by one, each
 * its own buffer: most of the time of the document. A text measured here is encoded once, and a
 * text seen before (dates, kinds, headings) not again.
 *
 * Only a text of one line that fits its cell is drawn here; `add` answers false for any other (and
 * for a font that positions glyphs off the line, or a pdfkit whose inside differs): the caller draws
 * it through `text()`, after `flush()` so that the page keeps its order.
 */
export class CellWriter {
  private readonly runs = new Map<string, { tj: string; width: number } | null>();
  private parts: string[] = [];

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /** `text` drawn in the cell at (x, y) of `width`, aligned; false when the caller must draw it. */
  add(text: string, x: number, y: number, width: number, align: 'left' | 'right'): boolean {
    const inside = this.doc as unknown as Inside;
    const font = inside._font;
    const size = inside._fontSize;
    const page = inside.page;
    if (!font?.encode || !size || !page?.fonts) return false;
    // Spaces at either end and line breaks are the wrapper's to handle.
    if (!/^\S(?:[^\n]*\S)?$/.test(text)) return false;
    const run = this.run(font.id, size, text, () => font.encode!(text));
    // The wrapper measures word by word, and the kerning of a space against the next letter may
    // make those words a little wider than the whole: a point of room per space keeps us on the
    // safe side of its decision.
    if (!run || run.width + (text.split(' ').length - 1) > width) return false;
    page.fonts[font.id] ??= font.ref();
    const left = align === 'right' ? x + (width - run.width) : x;
    const top = page.height - y - (font.ascender / 1000) * size;
    this.parts.push(
      'q',
      `1 0 0 -1 0 ${num(page.height)} cm`,
      'BT',
      `1 0 0 1 ${num(left)} ${num(top)} Tm`,
      `/${font.id} ${num(size)} Tf`,
      run.tj,
      'ET',
      'Q',
    );
    return true;
  }

  /** What was added, onto the page. */
  flush() {
    if (!this.parts.length) return;
    this.doc.addContent(this.parts.join('\n'));
    this.parts = [];
  }

  /** The TJ operator of a text and its width, as pdfkit's _fragment builds them; null for glyphs off the line. */
  private run(fontId: string, size: number, text: string, encode: () => Encoded) {
    const key = `${fontId} ${size} ${text}`;
    const known = this.runs.get(key);
    if (known !== undefined) return known;
    const [encoded, positions] = encode();
    const segments: string[] = [];
    let last = 0;
    let advances = 0;
    let offLine = false;
    const segment = (cur: number) => {
      if (last < cur) {
        const pos = positions[cur - 1]!;
        segments.push(`<${encoded.slice(last, cur).join('')}> ${num(-(pos.xAdvance - pos.advanceWidth))}`);
      }
      last = cur;
    };
    positions.forEach((pos, i) => {
      if (pos.xOffset || pos.yOffset) offLine = true;
      if (pos.xAdvance - pos.advanceWidth !== 0) segment(i + 1);
      advances += pos.xAdvance;
    });
    segment(positions.length);
    const run =
      offLine || !segments.length ? null : { tj: `[${segments.join(' ')}] TJ`, width: advances * (size / 1000) };
    this.runs.set(key, run);
    return run;
  }
}
