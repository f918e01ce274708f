import type { ReactNode } from 'react';

export interface DataColumn<Row> {
  key: string;
  header: ReactNode;
  /** The header as text, shown beside each value when rows stack on a phone (defaults to `header` if it is text). */
  label?: string;
  render: (row: Row) => ReactNode;
  isNumeric?: boolean;
}

export interface DataTableProps<Row> {
  caption: ReactNode;
  columns: DataColumn<Row>[];
  rows: Row[];
  getRowKey: (row: Row) => string;
  empty?: ReactNode;
  /** Stack rows as cards on a phone; by default only tables of more than three columns, which do not fit 390 px. */
  isStackedOnPhone?: boolean;
}

/**
 * An accessible table; on a phone each row of a wide table becomes a card of label/value lines (no sideways
 * scrolling), the first column being the card's title. Narrow tables stay tables: a month and an amount
 * read better side by side than as a twelve-card stack.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  getRowKey,
  empty = 'Nothing to show',
  isStackedOnPhone = columns.length > 3,
}: DataTableProps<Row>) {
  return (
    <div className="table-wrap">
      <table className={isStackedOnPhone ? 'data-table data-table-stack' : 'data-table'}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.isNumeric ? 'num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={getRowKey(row)}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={column.isNumeric ? 'num' : undefined}
                    data-label={column.label ?? (typeof column.header === 'string' ? column.header : undefined)}
                  >
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
