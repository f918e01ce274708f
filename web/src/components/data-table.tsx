import type { ReactNode } from 'react';

export interface DataColumn<Row> {
  key: string;
  header: ReactNode;
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

/** A plain accessible table that scrolls sideways on narrow screens instead of squashing. */
export function DataTable<Row>({ caption, columns, rows, getRowKey, empty = 'Nothing to show' }: DataTableProps<Row>) {
  return (
    <div className="table-wrap">
      <table className="data-table">
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
                  <td key={column.key} className={column.isNumeric ? 'num' : undefined}>
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
