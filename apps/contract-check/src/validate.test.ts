import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from './spec';
import { Validator } from './validate';

describe('Validator', () => {
  const validator = new Validator({ openapi: '3.1.0', paths: {} } as unknown as OpenApiDocument);
  const yuan = { type: 'number', multipleOf: 0.01 };

  it('accepts every cent amount of multipleOf 0.01, though x / 0.01 is not an integer in floating point', () => {
    for (const amount of [19.99, 1.15, 0.29, 99, 100000000])
      expect(validator.check(yuan, amount)).toBeUndefined();
  });

  it('still refuses an amount with a fraction of a cent', () => {
    expect(validator.check(yuan, 19.995)).toMatch(/multiple of 0.01/);
  });
});
