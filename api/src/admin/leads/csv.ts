import { Readable } from 'node:stream';

/**
 * A UTF-8 CSV stream: a BOM (so spreadsheets pick the encoding) and the header line, then the
 * rows' lines as they come (written by the database, see csvBatches in admin-leads.repo.ts).
 * Headers are plain words and need no quoting. The text goes to the socket as it is, without a
 * Buffer copy per chunk, and at most two chunks wait for a slow reader.
 */
export function csvStream(headers: string[], lines: AsyncIterable<string>): Readable {
  async function* chunks() {
    yield `\uFEFF${headers.join(',')}\r\n`;
    yield* lines;
  }
  return Readable.from(chunks(), { objectMode: true, highWaterMark: 2 });
}
