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
}

/**
 * An accessible table; on a phone each row becomes a card of label/value lines (no sideways scrolling).
 * The first column is the card's title.
 */
export function DataTable<Row>({ caption, columns, rows, getRowKey, empty = 'Nothing to show' }: DataTableProps<Row>) {
  return (
    <div className="table-wrap">
      <table className="data-table data-table-stack">
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
