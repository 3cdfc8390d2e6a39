import { isRealTimestamp } from './date-time.ts';

// Keyset pages, newest first: a page ends at its last row's created_at and id, and the next one
// starts after them. The lead lists, their CSV export and the webhook delivery log page so.

/** Where a page ends: the last row's exact timestamp (microseconds, as text) and id. */
interface Position {
  createdAt: string;
  id: number;
}

export function encodeCursor(p: Position): string {
  return Buffer.from(JSON.stringify([p.createdAt, p.id])).toString('base64url');
}

/** The position a cursor this server gave out names, or null for any other text. */
export function decodeCursor(cursor: string): Position | null {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
    ];
    if (
      typeof createdAt === 'string' &&
      isRealTimestamp(createdAt) &&
      Number.isSafeInteger(id) &&
      (id as number) > 0
    ) {
      return { createdAt, id: id as number };
    }
  } catch {
    // fall through
  }
  return null;
}

/** The select-list item that gives a row's exact timestamp as text, for `cursorOf`. */
export const CURSOR_TS = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_ts`;

/** The cursor of the page that ends at `row` (selected with CURSOR_TS), or null when there is none. */
export const cursorOf = (row: Record<string, unknown> | undefined) =>
  row ? encodeCursor({ createdAt: row.cursor_ts as string, id: row.id as number }) : null;
