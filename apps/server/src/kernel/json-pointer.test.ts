import { describe, expect, it } from 'vitest';
import { pointerGet } from './json-pointer';

const doc = {
  components: { schemas: { User: { type: 'object' }, 'a/b': 1, 'm~n': 2, '~1': 3 } },
  items: [{ publishTime: '2026-13-45 10:00:00' }, null, 'x'],
  empty: { '': { deep: true } },
  nothing: null,
};

describe('pointerGet', () => {
  it('takes the empty pointer and a bare # for the root', () => {
    expect(pointerGet(doc, '')).toBe(doc);
    expect(pointerGet(doc, '#')).toBe(doc);
    expect(pointerGet(7, '')).toBe(7);
  });

  it('walks Ajv instance paths and # references alike', () => {
    expect(pointerGet(doc, '/components/schemas/User')).toEqual({ type: 'object' });
    expect(pointerGet(doc, '#/components/schemas/User')).toBe(doc.components.schemas.User);
  });

  it('unescapes ~1 to / and ~0 to ~, in that order', () => {
    expect(pointerGet(doc, '/components/schemas/a~1b')).toBe(1);
    expect(pointerGet(doc, '#/components/schemas/m~0n')).toBe(2);
    // `~01` is the key `~1`, not `/`
    expect(pointerGet(doc, '/components/schemas/~01')).toBe(3);
  });

  it('steps into arrays by index', () => {
    expect(pointerGet(doc, '/items/0/publishTime')).toBe('2026-13-45 10:00:00');
    expect(pointerGet(doc, '/items/2')).toBe('x');
    expect(pointerGet(doc, '/items/1')).toBeNull();
  });

  it('answers undefined for a missing step', () => {
    expect(pointerGet(doc, '/components/schemas/Role')).toBeUndefined();
    expect(pointerGet(doc, '/components/schemas/User/type/length')).toBeUndefined();
    expect(pointerGet(doc, '/nothing/x')).toBeUndefined();
    expect(pointerGet(doc, '/items/3')).toBeUndefined();
    expect(pointerGet(doc, '/items/01')).toBeUndefined();
    expect(pointerGet(doc, '/items/-')).toBeUndefined();
    expect(pointerGet(undefined, '/a')).toBeUndefined();
  });

  it('follows only own properties', () => {
    expect(pointerGet(doc, '/items/length')).toBeUndefined();
    expect(pointerGet(doc, '/constructor')).toBeUndefined();
    expect(pointerGet(doc, '/components/__proto__')).toBeUndefined();
    expect(pointerGet(Object.assign(Object.create(null), { a: 1 }), '/a')).toBe(1);
  });

  it('reads an empty key where the pointer names one', () => {
    expect(pointerGet(doc, '/empty//deep')).toBe(true);
    expect(pointerGet(doc, '/')).toBeUndefined();
  });

  it('refuses what is not a pointer', () => {
    expect(pointerGet(doc, 'components/schemas')).toBeUndefined();
    // a plain-name fragment is an anchor
    expect(pointerGet(doc, '#components')).toBeUndefined();
  });
});
