import { Readable } from 'node:stream';

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, or a leading tab/CR) gets a leading
 * apostrophe (OWASP's CSV injection advice); then RFC 4180 quoting.
 */
export function csvCell(value: string | number | boolean): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: (string | number | boolean)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A UTF-8 CSV stream with a BOM (so spreadsheets pick the encoding), pulled row by row. */
export function csvStream<T>(
  columns: { header: string; value: (item: T) => string | number | boolean }[],
  rows: AsyncIterable<T>,
): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(columns.map((c) => c.header))}`;
    let chunk = '';
    for await (const row of rows) {
      chunk += csvLine(columns.map((c) => c.value(row)));
      if (chunk.length > 64 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(lines(), { objectMode: false });
}
