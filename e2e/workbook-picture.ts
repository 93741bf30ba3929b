import type ExcelJS from 'exceljs';

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A cell as a spreadsheet shows it: its number format's rupees and Indian grouping, dates as dates. */
function shown(cell: ExcelJS.Cell): { text: string; numeric: boolean } {
  const raw = cell.value;
  const value = raw && typeof raw === 'object' && 'result' in raw ? raw.result : raw;
  if (value instanceof Date)
    return {
      text: value.toLocaleDateString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }),
      numeric: false,
    };
  if (typeof value === 'number') {
    const format = cell.numFmt ?? '';
    const decimals = /0\.00/.test(format) ? 2 : /%/.test(format) ? 1 : 0;
    const number = /%/.test(format) ? value * 100 : value;
    const text = Math.abs(number).toLocaleString('en-IN', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    return {
      text: `${number < 0 ? '-' : ''}${format.includes('₹') ? '₹' : ''}${text}${/%/.test(format) ? '%' : ''}`,
      numeric: true,
    };
  }
  return { text: value == null ? '' : String(value), numeric: false };
}

/**
 * The first rows of a worksheet as an HTML page laid out like a spreadsheet (row and column
 * headers, the frozen header rows shaded), so a test can take a picture of a downloaded report.
 */
export function worksheetHtml(sheet: ExcelJS.Worksheet, maxRows = 25): string {
  const frozen = (sheet.views[0] as { ySplit?: number } | undefined)?.ySplit ?? 0;
  const columns = sheet.columnCount;
  const letters = Array.from({ length: columns }, (_, i) => String.fromCharCode(65 + i));
  const rows: string[] = [];
  const last = Math.min(sheet.rowCount, maxRows);
  for (let r = 1; r <= sheet.rowCount; r++) {
    if (r > last && r !== sheet.rowCount) continue;
    if (r === sheet.rowCount && r > last + 1)
      rows.push(`<tr><th>…</th><td colspan="${columns}" class="gap">${sheet.rowCount - last - 1} more rows</td></tr>`);
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= columns; c++) {
      const cell = row.getCell(c);
      // A merged range (the title rows) is one cell spanning its columns.
      if (cell.isMerged && cell.master.address !== cell.address) continue;
      let span = 1;
      while (
        c + span <= columns &&
        row.getCell(c + span).isMerged &&
        row.getCell(c + span).master.address === cell.address
      )
        span++;
      const { text, numeric } = shown(cell);
      cells.push(
        `<td${span > 1 ? ` colspan="${span}"` : ''} class="${numeric ? 'num' : ''}${cell.font?.bold ? ' bold' : ''}">${escape(text)}</td>`,
      );
    }
    rows.push(`<tr class="${r <= frozen ? 'frozen' : ''}"><th>${r}</th>${cells.join('')}</tr>`);
  }
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { font: 12px Calibri, Arial, sans-serif; margin: 12px; color: #111; }
    table { border-collapse: collapse; }
    th, td { border: 1px solid #d0d7de; padding: 3px 8px; white-space: nowrap; }
    th { background: #f3f4f6; color: #555; font-weight: normal; }
    tr.frozen td { background: #eef2ff; }
    tr.frozen:last-child td, tr.frozen + tr:not(.frozen) td { border-top: 2px solid #94a3b8; }
    td.num { text-align: right; font-variant-numeric: tabular-nums; }
    td.bold { font-weight: bold; }
    td.gap { color: #777; font-style: italic; }
    caption { text-align: left; padding-bottom: 6px; color: #555; }
  </style></head><body><table><caption>${escape(sheet.name)}</caption>
    <tr><th></th>${letters.map((l) => `<th>${l}</th>`).join('')}</tr>${rows.join('')}</table></body></html>`;
}
