import { describe, expect, it } from 'vitest';
import {
  flatten,
  isIdName,
  objectShape,
  oversized,
  sample,
  stringForPattern,
  uniqueFields,
  uniqueString,
  unknownId,
  wrongType,
} from './sampler';
import { Validator } from './validate';

const doc = {
  openapi: '3.1.0',
  paths: {},
  components: {
    schemas: {
      Id: { type: 'string', pattern: '^[0-9]{1,20}$', maxLength: 20, examples: ['1123598821738675201'] },
      Fields: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 10, 'x-label': { zh: '名称', en: 'Name' } },
          key: { type: 'string', maxLength: 255, examples: ['account.registerUser'] },
          kind: { type: 'string', enum: ['a', 'b'] },
          sort: { type: 'integer', minimum: 5, maximum: 9 },
          ratio: { type: 'number', exclusiveMinimum: 0 },
          on: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
          createTime: {
            type: 'string',
            readOnly: true,
            pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$',
          },
          nickname: { type: ['string', 'null'] },
        },
      },
      Entity: {
        allOf: [
          {
            type: 'object',
            required: ['id', 'name'],
            properties: { id: { $ref: '#/components/schemas/Id' } },
          },
          { $ref: '#/components/schemas/Fields' },
        ],
      },
    },
  },
};

describe('schema sampler', () => {
  it('merges allOf and resolves $refs', () => {
    const shape = objectShape(doc, { $ref: '#/components/schemas/Entity' });
    expect(Object.keys(shape.properties)).toEqual(expect.arrayContaining(['id', 'name', 'key', 'sort']));
    expect(shape.required).toEqual(['id', 'name']);
    expect(flatten(doc, shape.properties.id).pattern).toBe('^[0-9]{1,20}$');
  });

  it('generates a valid value from types, enums, bounds, examples and patterns', () => {
    const v = sample(doc, { $ref: '#/components/schemas/Entity' }, { request: true }) as Record<
      string,
      unknown
    >;
    expect(v.id).toBe('1123598821738675201');
    expect(v.key).toBe('account.registerUser');
    expect(v.kind).toBe('a');
    expect(v.sort).toBe(5);
    expect(v.ratio as number).toBeGreaterThan(0);
    expect(v.on).toBe(true);
    expect(v.tags).toHaveLength(2);
    expect(typeof v.nickname).toBe('string');
    // readOnly properties stay out of request bodies
    expect(v).not.toHaveProperty('createTime');
    expect(String(v.name).length).toBeGreaterThanOrEqual(1);
    expect(String(v.name).length).toBeLessThanOrEqual(10);
    const validator = new Validator(doc);
    expect(validator.check({ $ref: '#/components/schemas/Entity' }, v)).toBeUndefined();
  });

  it('keeps read-only properties in response samples', () => {
    const v = sample(doc, { $ref: '#/components/schemas/Fields' }) as Record<string, unknown>;
    expect(v.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('prefers const and ignores examples that break the schema', () => {
    expect(sample(doc, { type: 'integer', const: 200 })).toBe(200);
    expect(sample(doc, { type: 'string', maxLength: 3, examples: ['too long'] })).toHaveLength(3);
  });

  it('finds minimal strings for patterns', () => {
    const cases: [string, number?, number?][] = [
      ['^[0-9]{1,20}$'],
      ['^[0-9A-Za-z]{6}$'],
      ['^[a-z_]+(,[a-z_]+)*$'],
      ['^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$'],
      ['^(http|https)://\\w+\\.com$'],
      ['^#[0-9a-fA-F]{6}$'],
      ['^[^,]+$'],
      ['^\\d{3,}$', 5, 8],
    ];
    for (const [pattern, min, max] of cases) {
      const s = stringForPattern(pattern, min, max);
      expect(s, pattern).toBeDefined();
      expect(new RegExp(pattern).test(s!), `${pattern} → ${s}`).toBe(true);
      if (min) expect(s!.length).toBeGreaterThanOrEqual(min);
    }
  });

  it('makes keys unique without breaking length or pattern', () => {
    expect(uniqueString({ type: 'string', maxLength: 255 }, 'account.registerUser', '_cc1')).toBe(
      'account.registerUser_cc1',
    );
    const short = uniqueString({ type: 'string', maxLength: 8 }, 'abcdefghij', '_cc1');
    expect(short).toBe('abcd_cc1');
    expect(uniqueString({ type: 'string', pattern: '^[a-z]+$' }, 'abc', '_cc1')).toBe('abc');
    expect(uniqueString({ type: 'string', pattern: '^[a-z0-9]+$' }, 'abc', '_cc1')).toBe('abccc1');
    // a 13-character run suffix on a 12-character code keeps the code's length and still differs from the base
    const code = uniqueString({ type: 'string', maxLength: 12 }, 'ceo', '_mhw3k2x9q1a');
    expect(code.length).toBeLessThanOrEqual(12);
    expect(code).not.toBe('ceo');
    // digits-only codes (regions) get a digit tail
    const region = uniqueString(
      { type: 'string', pattern: '^[0-9]{2,12}$', maxLength: 12 },
      '110101',
      '_mhw3k2x9q1a',
    );
    expect(region).toMatch(/^[0-9]{2,12}$/);
    expect(region).not.toBe('110101');
    const shape = objectShape(doc, { $ref: '#/components/schemas/Entity' });
    expect(uniqueFields(shape)).toEqual(['name', 'key', 'nickname']);
  });

  it('builds invalid values: oversized strings, wrong types, unknown ids', () => {
    expect(oversized({ type: 'string', maxLength: 10 }, 'abc')).toHaveLength(11);
    expect(oversized({ type: 'string' }, 'abc')).toBeUndefined();
    expect(wrongType({ type: 'integer' }, 'query')).toBe('not-a-number');
    expect(wrongType({ type: 'string' }, 'query')).toBeUndefined();
    expect(wrongType({ type: 'string', enum: ['a'] }, 'query')).toBe('not-in-the-enum');
    expect(wrongType({ type: 'string' }, 'json')).toEqual({ wrong: 'type' });
    expect(wrongType({ type: 'object' }, 'json')).toBe('not-an-object');
    const id = unknownId();
    expect(id).toMatch(/^8[0-9]{18}$/);
    expect(BigInt(id) < 2n ** 63n).toBe(true);
    expect(['id', 'ids', 'userId', 'roleIds', 'tenant_id'].every(isIdName)).toBe(true);
    expect(['valid', 'paid', 'idea'].some(isIdName)).toBe(false);
  });
});
