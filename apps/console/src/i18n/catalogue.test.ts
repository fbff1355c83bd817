import { describe, expect, it } from 'vitest';
import en from './en';
import zh from './zh';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('console catalogues', () => {
  it('zh and en hold exactly the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });

  it('no entry is empty', () => {
    for (const catalogue of [zh, en]) {
      for (const key of keys(catalogue)) {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
        expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
      }
    }
  });
});
