import { Readable } from 'node:stream';

/**
 * A UTF-8 CSV stream: a BOM (so spreadsheets pick the encoding) and the header line, then the
 * rows' lines as they come (written by the database: csvBatches in admin/leads/csv-export.repo.ts,
 * auditCsvBatches in audit/audit.repo.ts). Headers are plain words and need no quoting. The
 * text goes to the socket as it is, without a Buffer copy per chunk, and at most two chunks wait
 * for a slow reader.
 */
export function csvStream(headers: string[], lines: AsyncIterable<string>): Readable {
  async function* chunks() {
    yield `\uFEFF${headers.join(',')}\r\n`;
    yield* lines;
  }
  return Readable.from(chunks(), { objectMode: true, highWaterMark: 2 });
}

/**
 * One CSV cell from a text expression: a value a spreadsheet would read as a formula (a leading
 * =, +, -, @, tab or carriage return) gets a leading apostrophe (OWASP's CSV injection advice),
 * then RFC 4180 quoting when it holds a quote, comma or line break.
 */
export function csvCellSql(value: string): string {
  const neutral = `CASE WHEN left(${value}, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') THEN '''' || ${value} ELSE ${value} END`;
  return `CASE WHEN ${value} ~ E'[",\\r\\n]' THEN '"' || replace(${neutral}, '"', '""') || '"' ELSE ${neutral} END`;
}
