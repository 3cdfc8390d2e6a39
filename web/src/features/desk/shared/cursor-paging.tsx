import { Button, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface CursorPagingProps {
  /** The shown page's cursor (none: the first page). */
  cursor: string | undefined;
  /** The next page's cursor, from the answer (none: this is the last page). */
  nextCursor: string | null | undefined;
  /** The cursors of the pages before this one ('' for the first), when this history entry knows them. */
  earlier: string[] | undefined;
  /** A page is loading: neither button may start another meanwhile. */
  navigating: boolean;
  onPage: (cursor: string | undefined, earlier: string[] | undefined) => void;
  /** Beside the buttons (what the page shows of how many). */
  children?: ReactNode;
}

/**
 * Previous and Next through a keyset-paged list. It sits on the left, clear of the notices in the
 * bottom-right corner; on a narrow screen the notices keep room at the end of the page instead
 * (components/notice-clearance.tsx).
 */
export function CursorPaging({
  cursor,
  nextCursor,
  earlier,
  navigating,
  onPage,
  children,
}: CursorPagingProps) {
  // A link opened afresh does not know the pages before it: the first page is the one it can reach.
  const previous = () =>
    earlier?.length ? onPage(earlier.at(-1) || undefined, earlier.slice(0, -1)) : onPage(undefined, []);
  const next = () => nextCursor && onPage(nextCursor, earlier && [...earlier, cursor ?? '']);
  return (
    <HStack gap="4" flexWrap="wrap" data-testid="paging">
      <HStack>
        <Button size="sm" variant="outline" disabled={!cursor || navigating} onClick={previous}>
          Previous
        </Button>
        <Button size="sm" variant="outline" disabled={!nextCursor || navigating} onClick={next}>
          Next
        </Button>
      </HStack>
      {children}
    </HStack>
  );
}
