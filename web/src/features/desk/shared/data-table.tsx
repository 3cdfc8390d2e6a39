import { Box, Table, Text, type TableCellProps, type TableRootProps } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';

/** One column: its header, what each row shows in it, and how its cells are laid out. */
export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  cellProps?: TableCellProps;
}

export interface DataTableProps<Row> extends Omit<TableRootProps, 'children' | 'columns'> {
  /** The table's accessible name. */
  label: string;
  columns: Column<Row>[];
  /** Undefined while the first answer is on its way: no empty message before it. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  /** A selected row is marked (`data-selected`) and styled so. */
  selected?: (row: Row) => boolean;
  /** Shown under the header when the answer has no rows. */
  empty?: ReactNode;
  /** Why the rows could not be loaded (an alert under the header). */
  error?: string;
  /** A row's opened part: a row of its own under it, across every column. */
  expanded?: (row: Row) => { id: string; content: ReactNode } | undefined;
  /** In the frame of the card it sits in, instead of a white, bordered frame of its own. */
  plain?: boolean;
  /** Every cell's vertical alignment (rows with several lines in one cell read better at the top). */
  verticalAlign?: TableCellProps['verticalAlign'];
}

/**
 * The desk's lists: a small table that scrolls sideways when the screen is narrower than its
 * columns, with its empty and error states inside its frame. Other props (`aria-busy` while a page
 * loads, data attributes) go to the table itself.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  selected,
  empty,
  error,
  expanded,
  plain = false,
  verticalAlign,
  ...rootProps
}: DataTableProps<Row>) {
  const outline = !plain && { bg: 'white', rounded: 'md', borderWidth: '1px' };
  return (
    <Box overflowX="auto" {...outline}>
      <Table.Root size="sm" aria-label={label} {...rootProps}>
        <Table.Header>
          <Table.Row>
            {columns.map((c, i) => (
              <Table.ColumnHeader key={i}>{c.header}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows?.map((row) => {
            const open = expanded?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <Table.Row data-selected={selected?.(row) ? '' : undefined}>
                  {columns.map((c, i) => (
                    <Table.Cell key={i} verticalAlign={verticalAlign} {...c.cellProps}>
                      {c.cell(row)}
                    </Table.Cell>
                  ))}
                </Table.Row>
                {open && (
                  <Table.Row id={open.id} bg="gray.50">
                    <Table.Cell colSpan={columns.length}>{open.content}</Table.Cell>
                  </Table.Row>
                )}
              </Fragment>
            );
          })}
        </Table.Body>
      </Table.Root>
      {rows?.length === 0 && empty && (
        <Text p="4" color="gray.700">
          {empty}
        </Text>
      )}
      {error && (
        <Text p="4" role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}
