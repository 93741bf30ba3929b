/**
 * The date order of a file, told from its values before any row is read for good: a month-first
 * export (US-built ERPs, many bank exports) read day-first would be refused row by row, or worse,
 * its rows whose days are 12 or less would go in on the wrong day. 13/01/2013 can only be
 * day-first, 01/13/2013 only month-first; 02/10/2013 reads both ways; ISO dates never depend on it.
 */
import 'server-only';
import { CsvFormatError } from './csv';
import { dateColumns, type ImportKind } from './formats';
import { planHeader } from './header-plan';
import { records, type ErrorSink, type ImportSource } from './read-file';
import { dateReadings, type DateOrder } from './values';

/** The order to read a file in, with a note for the report, or why the file is refused. */
export interface DateOrderFinding {
  order: DateOrder;
  /** Said in the report: the order was told from the values, or assumed (every date reads both ways). */
  warning: string | null;
  /** The file mixes day-first-only and month-first-only dates: one message, the whole batch refused. */
  refusal: { column: string; reason: string } | null;
}

interface Example {
  line: number;
  column: string;
  value: string;
}

const WORD: Record<DateOrder, string> = { dmy: 'day-first', mdy: 'month-first' };
const other = (order: DateOrder): DateOrder => (order === 'dmy' ? 'mdy' : 'dmy');

/**
 * The order of each file of a batch; a refusal goes to the sink (fatal), a note to `warnings`. A
 * file whose dates all read both ways takes the order the batch's other files prove, when they
 * prove one (one ERP writes every file alike); else day-first.
 */
export async function tellDateOrders(
  files: Map<ImportKind, ImportSource>,
  sink: ErrorSink,
  warnings: string[],
  progress: (message: string) => void,
): Promise<Map<ImportKind, DateOrder>> {
  const tallies: [ImportKind, string, Tally][] = [];
  for (const [kind, source] of files) {
    if (!dateColumns(kind).length) continue; // obligors: no dates, no second reading
    progress(`${source.name}: telling the date order`);
    tallies.push([kind, source.name, await tallyDates(source, kind)]);
  }
  const proven = tallies.flatMap(([, name, t]) => {
    const order = provenOrder(t);
    return order ? [{ order, name }] : [];
  });
  const agreed = proven.length && proven.every((p) => p.order === proven[0]!.order) ? proven[0]! : undefined;
  const orders = new Map<ImportKind, DateOrder>();
  for (const [kind, name, tally] of tallies) {
    const finding = decide(name, tally, agreed);
    orders.set(kind, finding.order);
    if (finding.warning) warnings.push(finding.warning);
    if (finding.refusal) sink.add({ file: name, line: 0, ...finding.refusal }, true);
  }
  return orders;
}

/** What the date cells of one file can mean: values readable one way only, and ambiguous ones. */
interface Tally {
  only: Record<DateOrder, Example[]>;
  count: Record<DateOrder, number>;
  both: Example[];
}

/** The order a file's own values prove: some read only that way, none only the other. */
const provenOrder = (t: Tally): DateOrder | null =>
  t.count.dmy && !t.count.mdy ? 'dmy' : t.count.mdy && !t.count.dmy ? 'mdy' : null;

/** One file alone (no batch to take an order from). */
export async function tellDateOrder(source: ImportSource, kind: ImportKind): Promise<DateOrderFinding> {
  return decide(source.name, await tallyDates(source, kind));
}

/**
 * Reads the date columns of the whole file once. An unreadable file or header tells nothing here:
 * reading it into the stage reports that.
 */
async function tallyDates(source: ImportSource, kind: ImportKind): Promise<Tally> {
  const columns = dateColumns(kind);
  const only: Record<DateOrder, Example[]> = { dmy: [], mdy: [] };
  const count: Record<DateOrder, number> = { dmy: 0, mdy: 0 };
  const both: Example[] = [];
  let at: [string, number][] | null = null;
  try {
    for await (const batch of records(source)) {
      for (const record of batch) {
        if (!at) {
          const plan = planHeader(kind, record.fields);
          if (plan.errors.length) return { only, count, both }; // the stage reports the header
          at = columns.flatMap((c) => (plan.index.has(c) ? [[c, plan.index.get(c)!] as [string, number]] : []));
          continue;
        }
        for (const [column, index] of at) {
          const value = (record.fields[index] ?? '').trim();
          const readings = value ? dateReadings(value) : null;
          if (!readings || readings.dmy === readings.mdy) continue; // no date, or the same day both ways
          const example = { line: record.line, column, value };
          if (readings.dmy && readings.mdy) {
            if (both.length < 2) both.push(example);
          } else {
            const order: DateOrder = readings.dmy ? 'dmy' : 'mdy';
            count[order]++;
            if (only[order].length < 2) only[order].push(example);
          }
        }
      }
    }
  } catch (error) {
    if (!(error instanceof CsvFormatError || source.name.toLowerCase().endsWith('.xlsx'))) throw error;
  }
  return { only, count, both };
}

function decide(
  file: string,
  { only, count, both }: Tally,
  batch?: { order: DateOrder; name: string },
): DateOrderFinding {
  if (count.dmy && count.mdy) {
    // The order under which fewer rows fail is the one to suggest; the other side's examples show why.
    const suggested: DateOrder = count.mdy > count.dmy ? 'mdy' : 'dmy';
    const against = other(suggested);
    const shown = [...only[against].slice(0, 1), ...both, ...only[against].slice(1)]
      .slice(0, 2)
      .sort((a, b) => a.line - b.line);
    const witness = only[suggested][0]!;
    const sameColumn = [...shown, witness].every((e) => e.column === witness.column);
    const say = (e: Example) => (sameColumn ? e.value : `${e.column} ${e.value}`);
    const reason =
      `${shown.map(say).join(' and ')} ${shown.length > 1 ? 'read' : 'reads'} ${WORD[against]}; ` +
      `${say(witness)} reads ${WORD[suggested]} only: pass --date-order ${suggested} or fix the file`;
    return {
      order: 'dmy',
      warning: null,
      refusal: {
        column: witness.column,
        reason: sameColumn ? `${file}, ${witness.column}: ${reason}` : `${file}: ${reason}`,
      },
    };
  }
  if (count.mdy) {
    const e = only.mdy[0]!;
    return {
      order: 'mdy',
      warning: `${file}: dates read month-first (${e.column} ${e.value} on line ${e.line} can only be month-first)`,
      refusal: null,
    };
  }
  if (count.dmy || !both.length) return { order: 'dmy', warning: null, refusal: null };
  const ambiguous = `${file}, ${both[0]!.column}: every date reads both ways (${both.map((e) => e.value).join(', ')})`;
  if (batch?.order === 'mdy')
    return { order: 'mdy', warning: `${ambiguous}: read month-first, as ${batch.name}`, refusal: null };
  return {
    order: 'dmy',
    warning: `${ambiguous}: read day-first; pass --date-order mdy if the file is month-first`,
    refusal: null,
  };
}
