import 'server-only';
import type PDFDocument from 'pdfkit';
import { formatDayInput } from '@/lib/domain/day-input';

type Doc = InstanceType<typeof PDFDocument>;

/** A4 in points, with the margins the product's PDFs use. */
export const PDF_PAGE = { width: 595.28, height: 841.89, margin: 40 };
/** The lowest a table row may start: the footer keeps the bottom margin. */
export const PDF_BOTTOM = PDF_PAGE.height - PDF_PAGE.margin - 28;
const ROW = 13;
const FONT_SIZE = 7.5;

/** Indian grouping without a symbol (the standard PDF fonts have no ₹ glyph; the header names the currency). */
export const pdfAmount = (v: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
/** dd/mm/yyyy. */
export const pdfDay = (iso: string | null | undefined) => formatDayInput(iso);

export interface PdfColumn<R> {
  header: string;
  width: number;
  align?: 'left' | 'right';
  value: (row: R) => string;
  /** The cell wraps onto more lines (a summary), and the row grows with it; other cells cut with an ellipsis. */
  wrap?: boolean;
}

/**
 * A table from the current position: a shaded header, then a row each, a new page (with the header
 * again) when the next row would cross the bottom, and an optional bold closing row. Widths in
 * points; they should add up to the page less its margins (515).
 */
export function pdfTable<R>(doc: Doc, columns: PdfColumn<R>[], rows: readonly R[], closing?: string[]): void {
  const left = PDF_PAGE.margin;
  const width = columns.reduce((s, c) => s + c.width, 0);
  const line = (values: string[], bold: boolean, wraps: boolean[]) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    const height = Math.max(
      ROW,
      ...columns.map((c, i) => (wraps[i] ? doc.heightOfString(values[i] ?? '', { width: c.width - 4 }) + 5 : ROW)),
    );
    if (doc.y + height > PDF_BOTTOM) {
      doc.addPage();
      head();
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    }
    const y = doc.y;
    let x = left;
    columns.forEach((c, i) => {
      doc.text(values[i] ?? '', x + 2, y + 3, {
        width: c.width - 4,
        align: c.align ?? 'left',
        ...(wraps[i] ? {} : { lineBreak: false, ellipsis: true }),
      });
      x += c.width;
    });
    doc.x = left;
    doc.y = y + height;
  };
  const head = () => {
    doc.rect(left, doc.y, width, ROW).fill('#f1f5f9').fillColor('#0f172a');
    line(
      columns.map((c) => c.header),
      true,
      columns.map(() => false),
    );
  };
  if (doc.y + ROW * 3 > PDF_BOTTOM) doc.addPage();
  head();
  const wraps = columns.map((c) => Boolean(c.wrap));
  for (const r of rows)
    line(
      columns.map((c) => c.value(r)),
      false,
      wraps,
    );
  if (closing) line(closing, true, wraps);
}

/** A section heading with an optional note under it, on a new page when little room is left. */
export function pdfHeading(doc: Doc, title: string, note?: string): void {
  doc.moveDown(1);
  if (doc.y + ROW * 5 > PDF_BOTTOM) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#0f172a').text(title, PDF_PAGE.margin);
  if (note)
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor('#475569')
      .text(note, PDF_PAGE.margin, doc.y + 2, { width: PDF_PAGE.width - 2 * PDF_PAGE.margin })
      .fillColor('#0f172a');
  doc.moveDown(0.3);
}

/** "Page n of m" (and a line of its own) on every page of a document built with bufferPages. */
export function pdfFooters(doc: Doc, text: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: no new page for it.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor('#64748b')
      .text(`${text} - Page ${i + 1} of ${range.count}`, PDF_PAGE.margin, PDF_PAGE.height - PDF_PAGE.margin - 10, {
        width: PDF_PAGE.width - 2 * PDF_PAGE.margin,
        align: 'center',
        lineBreak: false,
      });
  }
}

/** The finished document's bytes (call before doc.end()). */
export function pdfBytes(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
