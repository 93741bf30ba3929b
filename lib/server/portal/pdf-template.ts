import 'server-only';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TPaymentDetails } from '@/lib/contract/dunning';
import { formatDayInput } from '@/lib/domain/day-input';
import { upiAllowed, upiLink, upiReference } from '@/lib/domain/upi';
import { paymentDetails } from '@/lib/server/dunning/payment-details';
import { notFound } from '@/lib/server/domain-errors';
import { CellWriter } from './pdf-cells';

/**
 * The one template of the customer's documents (the statement of account and the payment reminder):
 * the client's letterhead (logo, name, address, GSTIN), the customer's block (name, code, address,
 * GSTIN), the title and its dates, headline figures, the ageing of the open items, a table that
 * carries its figures forward from page to page, where to pay (the UPI QR and the bank account) and
 * "Page n of m". The standard PDF fonts have no ₹ glyph: amounts are in Indian grouping and the
 * document says "Amounts in INR".
 */

/** Made once: a formatter costs tens of microseconds to build, a long statement formats thousands of amounts. */
const INR = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Indian grouping (lakh, crore), two decimals, no symbol. */
export const amount = (v: number) => INR.format(v);
export const day = (iso: string | null) => formatDayInput(iso);

const MARGIN = 40;
const PAGE = { width: 595.28, height: 841.89 };
const WIDTH = PAGE.width - 2 * MARGIN;
/** The lowest a table row may start: below it sit the footer's page number. */
const BOTTOM = PAGE.height - MARGIN - 28;
const ROW = 13;
const INK = '#0f172a';
const MUTED = '#475569';
const SHADE = '#f1f5f9';

export type Column = { width: number; align: 'left' | 'right' };
export const l = (width: number): Column => ({ width, align: 'left' });
export const r = (width: number): Column => ({ width, align: 'right' });

/** Who sends and who receives: read together, each a single row. */
export interface Parties {
  client: {
    code: string;
    name: string;
    currency: string;
    address: string | null;
    gstin: string | null;
    logo: string | null;
  };
  customer: { code: string; name: string; city: string | null; address: string | null; gstin: string | null };
  payment: TPaymentDetails;
}

const PartiesRow = row({
  clientCode: col.text,
  clientName: col.text,
  currency: col.text,
  clientAddress: col.text.nullable(),
  clientGstin: col.text.nullable(),
  logo: col.text.nullable(),
  customerName: col.text,
  city: col.text.nullable(),
  customerAddress: col.text.nullable(),
  customerGstin: col.text.nullable(),
});

/** The letterhead and the customer's block. The caller has already checked the customer is in scope. */
export async function partiesOf(db: Db, clientId: number, code: string): Promise<Parties> {
  const [found, payment] = await Promise.all([
    queryRow(
      db,
      sql`select c.code as "clientCode", c.name as "clientName", c.currency, c.address as "clientAddress",
        c.gstin as "clientGstin", c.logo, o.name as "customerName", o.city, o.address as "customerAddress",
        o.business_id as "customerGstin"
      from clients c join obligors o on o.client_id = c.id and o.sys_obligor_code = ${code}
      where c.id = ${clientId} and o.client_id = ${clientId}`,
      PartiesRow,
    ),
    paymentDetails(db, clientId),
  ]);
  if (!found) throw notFound('Customer');
  return {
    client: {
      code: found.clientCode,
      name: found.clientName,
      currency: found.currency,
      address: found.clientAddress,
      gstin: found.clientGstin,
      logo: found.logo,
    },
    customer: {
      code,
      name: found.customerName,
      city: found.city,
      address: found.customerAddress,
      gstin: found.customerGstin,
    },
    payment,
  };
}

/** The image bytes of a logo's data URL (PNG or JPEG), or null when it is none. */
function logoBytes(logo: string | null): Buffer | null {
  const m = logo ? /^data:image\/(?:png|jpeg);base64,(.+)$/.exec(logo) : null;
  return m?.[1] ? Buffer.from(m[1], 'base64') : null;
}

const lines = (text: string | null) =>
  (text ?? '')
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/** A document of the template, drawn top to bottom. */
export class Letter {
  readonly doc: PDFKit.PDFDocument;
  private readonly done: Promise<Buffer>;
  /** Drawn at the top of every page after the first (the table's header follows it). */
  private readonly running: string;
  /** Draws the tables' cells (./pdf-cells.ts). */
  private readonly writer: CellWriter;

  constructor(
    private readonly parties: Parties,
    private readonly title: string,
    /** Under the title: the period or the day. */
    private readonly dates: string,
  ) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      bufferPages: true,
      info: { Title: `${title} ${parties.customer.name}`, Author: parties.client.name },
    });
    const chunks: Buffer[] = [];
    this.writer = new CellWriter(this.doc);
    this.doc.on('data', (c: Buffer) => chunks.push(c));
    this.done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    this.running = `${parties.client.name} - ${title.toLowerCase()} of ${parties.customer.name} (${parties.customer.code}), ${dates}`;
    this.letterhead();
  }

  /** The client's letterhead on the left (logo, name, address, GSTIN), the title on the right, then the customer. */
  private letterhead() {
    const { doc } = this;
    const { client, customer } = this.parties;
    const top = MARGIN;
    let y = top;
    const logo = logoBytes(client.logo);
    if (logo) {
      try {
        doc.image(logo, MARGIN, y, { fit: [150, 44] });
        y += 50;
      } catch {
        // A logo pdfkit cannot read (a damaged image) leaves the letterhead without it, never the document unmade.
      }
    }
    doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(client.name, MARGIN, y, { width: 300 });
    doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
    for (const line of lines(client.address)) doc.text(line, { width: 300 });
    if (client.gstin) doc.text(`GSTIN ${client.gstin}`, { width: 300 });
    const leftBottom = doc.y;

    doc
      .font('Helvetica-Bold')
      .fontSize(15)
      .fillColor(INK)
      .text(this.title, MARGIN + 300, top, { width: WIDTH - 300, align: 'right' });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(this.dates, { width: WIDTH - 300, align: 'right' })
      .text(`Amounts in ${client.currency}`, { width: WIDTH - 300, align: 'right' });

    doc.y = Math.max(leftBottom, doc.y) + 12;
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + WIDTH, doc.y)
      .lineWidth(0.5)
      .strokeColor('#cbd5e1')
      .stroke();
    doc.y += 8;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text('To', MARGIN, doc.y);
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(customer.name, MARGIN, doc.y, { width: WIDTH });
    doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
    const address = lines(customer.address);
    for (const line of address.length ? address : lines(customer.city)) doc.text(line, { width: WIDTH });
    doc.text(`Customer code ${customer.code}${customer.gstin ? `   GSTIN ${customer.gstin}` : ''}`, { width: WIDTH });
    doc.fillColor(INK);
    doc.x = MARGIN;
    doc.y += 10;
  }

  /** A line of text under the customer's block (what the document covers). */
  note(text: string, size = 8.5) {
    this.doc.font('Helvetica').fontSize(size).fillColor(MUTED).text(text, MARGIN, this.doc.y, { width: WIDTH });
    this.doc.fillColor(INK);
    this.doc.y += 4;
  }

  /** Headline figures side by side: label above, amount below. */
  figures(figures: [string, string][]) {
    const { doc } = this;
    const top = doc.y;
    const each = WIDTH / Math.max(figures.length, 4);
    figures.forEach(([label, value], i) => {
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(MUTED)
        .text(label, MARGIN + i * each, top, { width: each - 8 });
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .fillColor(INK)
        .text(value, MARGIN + i * each, top + 11, { width: each - 8 });
    });
    doc.x = MARGIN;
    doc.y = top + 32;
  }

  /** The ageing of the open items as a small table: one column a bucket, amounts under them. */
  ageing(buckets: { bucket: string; amount: number }[]) {
    if (!buckets.length) return;
    const each = Math.min(WIDTH / buckets.length, 110);
    const columns = buckets.map(() => r(each));
    this.title2('Ageing of the open items');
    this.shadedRow(
      buckets.map((b) => b.bucket),
      columns,
    );
    this.cells(
      buckets.map((b) => amount(b.amount)),
      columns,
    );
    this.doc.y += 6;
  }

  /** Where to pay: the UPI QR for `due` (when the client has UPI and it is within its limit) and the bank account. */
  async payBlock(due: number | null) {
    const { doc } = this;
    const { client, customer, payment } = this.parties;
    if (doc.y + 80 > BOTTOM) this.addPage();
    this.title2('How to pay');
    const top = doc.y;
    const link =
      payment.upiVpa && upiAllowed(due, payment.upiLimit)
        ? upiLink({
            vpa: payment.upiVpa,
            payeeName: client.name,
            amount: due,
            reference: upiReference(customer.code, client.code),
          })
        : null;
    if (link) {
      const png = await QRCode.toBuffer(link, { errorCorrectionLevel: 'M', margin: 1, width: 200 });
      doc.image(png, MARGIN, top, { width: 66 });
    }
    const text = [
      link
        ? `Pay ${due !== null ? amount(due) : ''} by UPI: scan the code with any UPI app (${payment.upiVpa}).`
        : payment.upiVpa
          ? `UPI (${payment.upiVpa}) takes at most ${amount(payment.upiLimit)} in one payment: pay by bank transfer.`
          : null,
      payment.bankAccountNumber
        ? `Bank transfer (NEFT/RTGS/IMPS): ${payment.bankAccountName ?? client.name}, account ${payment.bankAccountNumber}${payment.bankIfsc ? `, IFSC ${payment.bankIfsc}` : ''}${payment.bankName ? `, ${payment.bankName}` : ''}.`
        : null,
      `Please quote customer code ${customer.code} with your payment.`,
    ].filter(Boolean);
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(INK)
      .text(
        payment.upiVpa || payment.bankAccountNumber ? text.join('\n') : 'Ask us for our payment details.',
        MARGIN + (link ? 76 : 0),
        top + 4,
        { width: WIDTH - (link ? 76 : 0), lineGap: 2 },
      );
    doc.x = MARGIN;
    doc.y = Math.max(doc.y, top + (link ? 70 : 0)) + 8;
  }

  /** A small bold heading. */
  title2(text: string) {
    this.doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(text, MARGIN, this.doc.y);
    this.doc.y += 3;
  }

  /** One row of cells, clipped to their columns. */
  cells(values: string[], columns: Column[], bold = false) {
    const { doc } = this;
    const y = doc.y;
    let x = MARGIN;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(7.5)
      .fillColor(INK);
    columns.forEach((c, i) => {
      const text = values[i] ?? '';
      // An empty cell draws nothing; a text of one line that fits goes through the fast writer,
      // any other through pdfkit's line wrapper, after what the writer holds.
      if (text && !this.writer.add(text, x + 2, y + 3, c.width - 4, c.align)) {
        this.writer.flush();
        // A height of one line: pdfkit cuts a longer text with an ellipsis only within a height.
        doc.text(text, x + 2, y + 3, { width: c.width - 4, height: ROW - 3, align: c.align, ellipsis: true });
      }
      x += c.width;
    });
    this.writer.flush();
    doc.x = MARGIN;
    doc.y = y + ROW;
  }

  private shadedRow(values: string[], columns: Column[]) {
    const width = columns.reduce((s, c) => s + c.width, 0);
    this.doc.rect(MARGIN, this.doc.y, width, ROW).fill(SHADE);
    this.cells(values, columns, true);
  }

  /** A new page opened by the running line (who, what, when), so that a loose page still says whose it is. */
  addPage() {
    this.doc.addPage();
    this.doc.font('Helvetica').fontSize(7.5).fillColor(MUTED).text(this.running, MARGIN, MARGIN, { width: WIDTH });
    this.doc.fillColor(INK);
    this.doc.y += 6;
  }

  /** Room for `rows` more rows on this page, else a new one. */
  ensure(rows: number) {
    if (this.doc.y + ROW * rows > BOTTOM) this.addPage();
  }

  /**
   * A table of many rows: its header on every page; with `carry`, each page closes at a "Carried
   * forward" row and the next opens at "Brought forward" with the same figures.
   */
  table(columns: Column[], headings: string[], carry?: { carried: () => string[]; brought: () => string[] }) {
    const header = () => this.shadedRow(headings, columns);
    this.ensure(3);
    header();
    return {
      row: (values: string[], bold = false) => {
        if (this.doc.y + ROW * (carry ? 2 : 1) > BOTTOM) {
          if (carry) this.cells(carry.carried(), columns, true);
          this.addPage();
          header();
          if (carry) this.cells(carry.brought(), columns, true);
        }
        this.cells(values, columns, bold);
      },
    };
  }

  /** "Page n of m" on every page, then the bytes. */
  async finish(): Promise<Buffer> {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // The footer sits in the bottom margin: no new page for it.
      doc.page.margins.bottom = 0;
      doc
        .font('Helvetica')
        .fontSize(7.5)
        .fillColor('#64748b')
        .text(
          `${this.parties.client.name}${this.parties.client.gstin ? ` (GSTIN ${this.parties.client.gstin})` : ''} - ${this.title.toLowerCase()} of ${this.parties.customer.name} - Page ${i + 1} of ${range.count}`,
          MARGIN,
          PAGE.height - MARGIN - 10,
          { width: WIDTH, align: 'center', lineBreak: false },
        );
    }
    doc.end();
    return this.done;
  }
}

/** The PDF as a download. */
export function pdfResponse(pdf: Buffer, fileName: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'private, no-store',
    },
  });
}
