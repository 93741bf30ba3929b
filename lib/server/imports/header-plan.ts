/**
 * A file of an import batch before its rows: which kind it is (from its name) and where each known
 * column sits in its header row.
 */
import { IMPORT_KINDS, KIND_COLUMNS, type ImportKind } from './formats';

/** The file kind from its name: obligors.csv, Invoices.xlsx, payments-2026-11.csv ... */
export function kindOfFile(name: string): ImportKind | null {
  const base = name.split(/[\\/]/).pop()?.toLowerCase() ?? '';
  if (!/\.(csv|xlsx)$/.test(base)) return null;
  return (
    IMPORT_KINDS.find(
      (k) => base === `${k}.csv` || base === `${k}.xlsx` || base.startsWith(`${k}-`) || base.startsWith(`${k}_`),
    ) ?? null
  );
}

export interface HeaderPlan {
  /** Column index in the file of each known column present. */
  index: Map<string, number>;
  /** Cells in the header row. */
  width: number;
  errors: string[];
}

/** Maps the header row; unknown, repeated and missing required columns are errors naming them. */
export function planHeader(kind: ImportKind, header: string[]): HeaderPlan {
  const specs = KIND_COLUMNS[kind];
  const known = new Set(specs.map((s) => s.name));
  const index = new Map<string, number>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  header.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (name === '' && i === header.length - 1) return; // a trailing comma
    if (!known.has(name)) unknown.push(raw.trim() || `(empty, column ${i + 1})`);
    else if (index.has(name)) repeated.push(name);
    else index.set(name, i);
  });
  const errors: string[] = [];
  if (unknown.length)
    errors.push(
      `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (expected ${specs.map((s) => s.name).join(', ')})`,
    );
  if (repeated.length)
    errors.push(
      `column${repeated.length > 1 ? 's' : ''} ${repeated.join(', ')} appear${repeated.length > 1 ? '' : 's'} twice`,
    );
  const missing = specs.filter((s) => s.required && !index.has(s.name)).map((s) => s.name);
  if (missing.length) errors.push(`missing required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  return { index, width: header.length, errors };
}
