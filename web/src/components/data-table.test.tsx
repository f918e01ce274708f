import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { DataTable, type DataColumn } from './data-table';

interface Row {
  id: string;
  name: string;
}

const column = (key: string): DataColumn<Row> => ({ key, header: key, render: (row) => row.name });

describe('DataTable', () => {
  it('keeps a narrow table a table on a phone: a month beside its amount, not a stack of cards', () => {
    render(
      <DataTable caption="Spend" columns={[column('Month'), column('Spent')]} rows={[{ id: '1', name: 'Nov' }]} getRowKey={(r) => r.id} />,
    );
    expect(screen.getByRole('table').className).toBe('data-table');
  });

  it('stacks the rows of a wide table as cards on a phone', () => {
    const columns = ['Store', 'Chain', 'Prices', 'Latest'].map(column);
    render(<DataTable caption="Stores" columns={columns} rows={[{ id: '1', name: 'A' }]} getRowKey={(r) => r.id} />);
    expect(screen.getByRole('table').className).toContain('data-table-stack');
  });
});
