import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { BizError } from '../util';
import { filterConds, type FilterSpec } from './list-query';

const t = pgTable('t', {
  id: bigint('id', { mode: 'bigint' }),
  sort: integer('sort'),
  name: varchar('name', { length: 20 }),
});
const filters: Record<string, FilterSpec> = {
  ydUserId: { column: t.id, plain: 'equal', kinds: ['equal', 'gt'] },
  sort: { column: t.sort, plain: 'equal', kinds: ['equal', 'le'] },
  name: { column: t.name, plain: 'equal' },
};

describe('filterConds', () => {
  it('compares ids and numbers as the column holds them', () => {
    expect(filterConds(filters, { ydUserId: '1123598821738675201', sort: '3', name: '42' })).toHaveLength(3);
    expect(filterConds(filters, { ydUserId_gt: '-5', sort_le: '2.5' })).toHaveLength(2);
  });

  it.each([
    ['an id beyond the 64-bit range', { ydUserId: '9'.repeat(30) }, '无效的编号'],
    ['an id that is not a number', { ydUserId_gt: '12a' }, '无效的编号'],
    ['a number that is not one', { sort: 'x' }, '无效的数值'],
    ['a number beyond an integer column', { sort_le: '1e12' }, '无效的数值'],
  ])('refuses %s with a 400 instead of failing in the database', (_what, query, message) => {
    let error: unknown;
    try {
      filterConds(filters, query);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BizError);
    expect((error as BizError).message).toContain(message);
  });
});
