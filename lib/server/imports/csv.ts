/**
 * A streaming CSV reader (RFC 4180): comma-separated, double-quoted fields that may hold commas,
 * quotes ("") and line breaks, CRLF or LF line ends, an optional UTF-8 byte order mark. It reads
 * text chunks and yields records in batches, so a file of any size needs memory for one chunk only.
 */

export interface CsvRecord {
  /** The physical line the record starts on (1 = the header). */
  line: number;
  fields: string[];
}

export class CsvFormatError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** As in a spreadsheet cell (Excel's limit): no ledger field comes close. */
export const MAX_FIELD_CHARS = 32_767;

const QUOTE = 34; // "
const COMMA = 44;
const LF = 10;
const CR = 13;

/** Yields the records of the text chunks, several at a time; blank lines are skipped. */
export async function* csvRecords(chunks: AsyncIterable<string>): AsyncGenerator<CsvRecord[]> {
  let field = '';
  let fields: string[] = [];
  let inQuotes = false;
  let quoteSeen = false; // the previous character closed a quoted section (or was an escaped quote's first half)
  let line = 1;
  let recordLine = 1;
  let first = true;
  let fieldStarted = false;
  let afterCR = false; // a chunk ended on CR: an LF opening the next chunk belongs to it

  const endRecord = (out: CsvRecord[]) => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !fieldStarted)) out.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };

  for await (let chunk of chunks) {
    if (first) {
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      first = false;
    }
    const out: CsvRecord[] = [];
    let start = 0; // start of the run of plain characters not yet copied into `field`
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (afterCR) {
        afterCR = false;
        if (c === LF) {
          start = i + 1;
          continue;
        }
      }
      if (inQuotes) {
        if (c === QUOTE) {
          field += chunk.slice(start, i);
          inQuotes = false;
          quoteSeen = true;
          start = i + 1;
        } else if (c === LF) {
          line++;
        }
        continue;
      }
      if (c === QUOTE) {
        if (quoteSeen) {
          field += '"'; // "" inside a quoted field
          inQuotes = true;
          quoteSeen = false;
          start = i + 1;
          continue;
        }
        if (field !== '' || i > start) throw new CsvFormatError(line, 'a quote (") inside an unquoted field');
        inQuotes = true;
        fieldStarted = true;
        start = i + 1;
        continue;
      }
      if (quoteSeen && c !== COMMA && c !== LF && c !== CR) {
        throw new CsvFormatError(line, 'characters after the closing quote of a field');
      }
      quoteSeen = false;
      if (c === COMMA) {
        field += chunk.slice(start, i);
        fields.push(field);
        field = '';
        fieldStarted = true;
        start = i + 1;
      } else if (c === LF || c === CR) {
        field += chunk.slice(start, i);
        if (c === CR && i + 1 === chunk.length) afterCR = true;
        else if (c === CR && chunk.charCodeAt(i + 1) === LF) i++;
        endRecord(out);
        line++;
        recordLine = line;
        start = i + 1;
      }
    }
    if (start < chunk.length) field += chunk.slice(start);
    // A field is checked between chunks, so an unclosed quote cannot gather the whole upload into memory.
    if (field.length > MAX_FIELD_CHARS) {
      throw new CsvFormatError(
        recordLine,
        `a field holds at most ${MAX_FIELD_CHARS.toLocaleString('en-IN')} characters`,
      );
    }
    if (out.length) yield out;
  }
  if (inQuotes) throw new CsvFormatError(recordLine, 'a quoted field is not closed before the end of the file');
  const out: CsvRecord[] = [];
  if (field !== '' || fields.length || fieldStarted) endRecord(out);
  if (out.length) yield out;
}
