import { describe, expect, it } from 'vitest';

import { buildSearchParams } from './search-params';
import type { CrudColumn } from './types';

type Row = { name: string; status: number; createTime: string; day: string };
const columns: CrudColumn<Row>[] = [
  { prop: 'name', label: 'name', search: true },
  { prop: 'status', label: 'status', type: 'select', search: true },
  { prop: 'createTime', label: 'createTime', type: 'datetime', search: true, searchRange: true },
  { prop: 'day', label: 'day', type: 'date', search: true, searchRange: true },
];

describe('buildSearchParams', () => {
  it('drops empty values and trims text', () => {
    expect(
      buildSearchParams({ name: '  x ', status: '', createTime: ['', ''], day: undefined }, columns),
    ).toEqual({
      name: 'x',
    });
    expect(buildSearchParams({ status: 0 }, columns)).toEqual({ status: 0 });
  });

  it('sends ranges as _dategt/_datelt, whole days for date columns', () => {
    expect(
      buildSearchParams({ createTime: ['2024-05-01T08:00', ''], day: ['2024-05-01', '2024-05-02'] }, columns),
    ).toEqual({
      createTime_dategt: '2024-05-01 08:00:00',
      day_dategt: '2024-05-01 00:00:00',
      day_datelt: '2024-05-02 23:59:59',
    });
  });

  it('reads a day of a datetime range from its first to its last second (the range picker gives days)', () => {
    expect(buildSearchParams({ createTime: ['2024-05-01', '2024-05-03'] }, columns)).toEqual({
      createTime_dategt: '2024-05-01 00:00:00',
      createTime_datelt: '2024-05-03 23:59:59',
    });
  });
});
