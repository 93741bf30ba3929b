/**
 * Deterministic import files for the import benchmark and the kill test: obligors (one per 20
 * invoices, a parent for every 5), invoices over the last two years, and a payment for 80 % of
 * them. Written line by line: a million rows never sit in memory.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';

async function writeLines(
  file: string,
  header: string,
  count: number,
  line: (i: number) => string | null,
): Promise<number> {
  const out = createWriteStream(file);
  let written = 0;
  let buffer = `${header}\n`;
  for (let i = 0; i < count; i++) {
    const text = line(i);
    if (text === null) continue;
    buffer += `${text}\n`;
    written++;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
  return written;
}

const BASE = Date.UTC(2024, 10, 1); // 2024-11-01: two years before the benchmark's "today"
const day = (n: number) => new Date(BASE + n * 86_400_000).toISOString().slice(0, 10);
/** Indian digit grouping, as a Tally export writes it. */
const inr = (paise: number) => {
  const rupees = Math.floor(paise / 100);
  const text = String(rupees);
  const last3 = text.slice(-3);
  const rest = text.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `"${rest ? `${rest},` : ''}${last3}.${String(paise % 100).padStart(2, '0')}"`;
};

export interface ImportDataset {
  dir: string;
  obligors: number;
  invoices: number;
  payments: number;
}

export async function writeImportDataset(dir: string, invoices: number): Promise<ImportDataset> {
  await mkdir(dir, { recursive: true });
  const obligorCount = Math.max(5, Math.ceil(invoices / 20));
  const code = (i: number) => `C${String(i).padStart(7, '0')}`;
  const obligors = await writeLines(
    path.join(dir, 'obligors.csv'),
    'sys_obligor_code,name,parent_sys_obligor_code,credit_limit,dim1',
    obligorCount,
    (i) =>
      `${code(i)},Obligor ${i},${i % 5 === 0 ? '' : code(i - (i % 5))},${inr((((i * 7919) % 5000) + 100) * 100_000)},${['North', 'South', 'East', 'West', 'Central'][i % 5]}`,
  );
  // Invoice i: amount from a multiplicative hash, issued on day i mod 700, due 30 days later.
  const amountOf = (i: number) => ((i * 2654435761) % 9_000_000) + 100_000;
  const written = await writeLines(
    path.join(dir, 'invoices.csv'),
    'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
    invoices,
    (i) => `S${i},INV/${i},${code(i % obligorCount)},${day(i % 700)},${day((i % 700) + 30)},${inr(amountOf(i))}`,
  );
  const payments = await writeLines(
    path.join(dir, 'payments.csv'),
    'payment_ref,sys_invoice_num,paid_date,amount',
    invoices,
    (i) =>
      i % 5 === 4
        ? null
        : `P${i},S${i},${day((i % 700) + 20 + (i % 40))},${inr(i % 3 === 0 ? Math.floor(amountOf(i) / 2) : amountOf(i))}`,
  );
  return { dir, obligors, invoices: written, payments };
}
