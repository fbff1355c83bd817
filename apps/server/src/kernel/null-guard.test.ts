import { describe, expect, it } from 'vitest';
import { findRefusedNull } from './null-guard';

const schema = {
  allOf: [
    { type: 'object', required: ['name'], properties: { id: { type: 'string' } } },
    {
      type: 'object',
      properties: {
        name: { type: 'string' },
        sort: { type: 'integer' },
        packageId: { type: ['string', 'null'] },
        legacy: { type: 'string', nullable: true },
        anything: {},
        kind: { enum: ['a', 'b'] },
        maybe: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        tags: { type: 'array', items: { type: 'string' } },
        child: { $ref: '#/allOf/1' },
        meta: { type: 'object', additionalProperties: { type: 'number' } },
      },
    },
  ],
};

const find = (body: unknown) => findRefusedNull(schema, [schema], body);

describe('null guard', () => {
  it('finds a null the schema refuses, wherever it is', () => {
    expect(find({ name: null })).toEqual({ path: '/name', type: 'string' });
    expect(find({ name: 'x', id: null })).toEqual({ path: '/id', type: 'string' });
    expect(find({ name: 'x', sort: null })).toEqual({ path: '/sort', type: 'integer' });
    expect(find({ name: 'x', kind: null })).toEqual({ path: '/kind', type: 'enum' });
    expect(find({ name: 'x', tags: ['a', null] })).toEqual({ path: '/tags/1', type: 'string' });
    expect(find({ name: 'x', child: { name: 'y', child: { sort: null } } })).toEqual({
      path: '/child/child/sort',
      type: 'integer',
    });
    expect(find({ name: 'x', meta: { a: 1, b: null } })).toEqual({ path: '/meta/b', type: 'number' });
  });

  it('lets through nulls the schema allows, and properties it does not declare', () => {
    expect(find({ name: 'x', packageId: null, legacy: null, anything: null, maybe: null })).toBeUndefined();
    expect(find({ name: 'x', undeclared: null, child: { other: null } })).toBeUndefined();
    expect(find({ name: 'x', sort: 1, tags: [] })).toBeUndefined();
  });
});
