import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

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

  const many = (n: number): CrudColumn<Row>[] =>
    Array.from({ length: n }, (_, i) => ({ prop: `f${i}` as 'name', label: `Field ${i}`, search: true }));
  const renderSearch = (columns: CrudColumn<Row>[], onSearch = vi.fn()) =>
    render(
      <CrudProvider value={{}}>
        <CrudSearch columns={columns} onSearch={onSearch} onReset={vi.fn()} />
      </CrudProvider>,
    );

  afterEach(() => vi.unstubAllGlobals());

  it('folds the fields beyond two rows behind "more filters"; a folded value still filters', async () => {
    const onSearch = vi.fn();
    renderSearch(many(10), onSearch);
    expect(screen.getAllByRole('textbox')).toHaveLength(8);
    const more = screen.getByRole('button', { name: /2/ });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    await userEvent.type(screen.getByRole('textbox', { name: 'Field 9' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: /收起|Fewer/ }));
    expect(screen.queryByRole('textbox', { name: 'Field 9' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /搜索|Search/ }));
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ f9: 'x' }));
  });

  it('shows one field on a phone', () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({ matches: query.includes('max-width'), addEventListener() {}, removeEventListener() {} }) as never,
    );
    renderSearch(many(3));
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /2/ })).toBeInTheDocument();
  });
});
