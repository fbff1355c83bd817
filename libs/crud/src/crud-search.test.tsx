import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { CrudProvider } from './crud-context';
import { CrudSearch } from './crud-search';
import type { CrudColumn } from './types';

type Row = { name: string; status: number };

describe('CrudSearch', () => {
  it('asks a switch filter as a select, so "any" (nothing chosen) stays possible', () => {
    const columns: CrudColumn<Row>[] = [
      { prop: 'name', label: 'Name', search: true },
      {
        prop: 'status',
        label: 'Enabled',
        type: 'switch',
        search: true,
        options: [
          { label: 'off', value: 0 },
          { label: 'on', value: 1 },
        ],
      },
    ];
    render(
      <CrudProvider value={{}}>
        <CrudSearch columns={columns} onSearch={vi.fn()} onReset={vi.fn()} />
      </CrudProvider>,
    );
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Enabled' })).toBeInTheDocument();
  });
});
