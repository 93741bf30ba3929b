/** The content type of the Excel workbooks the downloads stream (the call's answer and the response header agree). */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The content type of the CSV exports (the dispatch desk's hold list). */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
