// Variants of valid values: unique strings and the fields that may be made unique (create bodies), id names,
// unknown ids, and the oversized and wrongly typed values of the negative checks.
import type { Schema } from '../spec';
import { safeRegExp } from './pattern';
import { type ObjectShape, typeOf } from './schema-shape';

/** Makes a string unique for this run (keys such as paramKey must not collide on reruns). */
export function uniqueString(schema: Schema, base: string, suffix: string): string {
  if (schema.format === 'email')
    return `cc${suffix}@example.com`.slice(-(schema.maxLength as number) || undefined);
  const max = (schema.maxLength as number | undefined) ?? 255;
  const re = typeof schema.pattern === 'string' ? safeRegExp(schema.pattern) : undefined;
  const alnum = suffix.replace(/[^0-9A-Za-z]/g, '');
  // The run suffix as digits, for codes whose pattern allows digits only.
  const digits = String(Number.parseInt(alnum.slice(-8), 36) || 0).padStart(6, '0');
  const fit = (tail: string) =>
    tail.length >= max ? tail.slice(-max) : `${base.slice(0, max - tail.length)}${tail}`;
  // Longest tail first; shorter tails still make collisions unlikely when maxLength is tight (e.g. 12).
  const tails = [suffix, alnum, alnum.slice(-6), alnum.slice(-4), digits, digits.slice(-4), digits.slice(-2)];
  for (const tail of tails) {
    if (!tail) continue;
    const candidate = fit(tail);
    if (candidate !== base && candidate.length <= max && (!re || re.test(candidate))) return candidate;
  }
  return base;
}

/**
 * Strings of the object that may be made unique: no enum, const, date pattern or id shape, not an id-like name.
 */
export function uniqueFields(shape: ObjectShape): string[] {
  return Object.entries(shape.properties)
    .filter(([name, s]) => {
      if (typeOf(s) !== 'string' || s.enum || 'const' in s || s.readOnly) return false;
      // id-like names reference other rows, except a free-text key the user types in (`clientId`: x-rule, no
      // pattern), which a create must make unique like any other key
      if (isIdName(name) && !(s['x-rule'] && typeof s.pattern !== 'string' && !s.format)) return false;
      // references to other rows (parentCode, parentId …) must keep pointing at a row that exists
      if (/^parent[A-Z]/.test(name)) return false;
      if (typeof s.pattern === 'string' && /\[0-9\]\{4\}-|\\d\{4\}-/.test(s.pattern)) return false;
      // a pattern of several space-separated parts is a structured value (a cron expression), not a key: a tail
      // appended to its last part can still match the pattern and yet mean nothing to the server
      if (typeof s.pattern === 'string' && s.pattern.includes(' ')) return false;
      if (s['x-dict']) return false;
      return true;
    })
    .map(([name]) => name);
}

/** Names that carry ids (`id`, `ids`, `userId`, `roleIds` …). */
export const isIdName = (name: string): boolean => /^(id|ids)$|[a-z](Id|Ids|_id|_ids)$/.test(name);

/** A well-formed id that does not exist: 19 digits below 2^63, starting with 8. */
export function unknownId(): string {
  let s = '8';
  for (let i = 0; i < 18; i++) s += Math.floor(Math.random() * 10);
  return s;
}

/** An oversized string (maxLength + 1) built from a valid sample, so only the length is wrong. */
export function oversized(schema: Schema, valid: unknown): string | undefined {
  const max = schema.maxLength as number | undefined;
  if (max === undefined || max > 200_000) return undefined;
  const unit = typeof valid === 'string' && valid.length > 0 ? valid : 'x';
  return unit.repeat(Math.ceil((max + 1) / unit.length) + 1).slice(0, max + 1);
}

/**
 * A value of the wrong type. `wire: 'query'` means the value travels as text, so only schemas that are not
 * strings can be violated by type (a number field gets letters); JSON bodies get a structurally wrong value that no
 * type coercion can turn into the right one.
 */
export function wrongType(schema: Schema, wire: 'query' | 'json'): unknown {
  const type = typeOf(schema);
  if (wire === 'query') {
    if (type === 'integer' || type === 'number') return 'not-a-number';
    if (type === 'boolean') return 'not-a-boolean';
    if (Array.isArray(schema.enum)) return 'not-in-the-enum';
    return undefined;
  }
  switch (type) {
    case 'string':
      return { wrong: 'type' };
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return { wrong: 'type' };
    case 'object':
      return 'not-an-object';
    case 'array':
      return { wrong: 'type' };
    default:
      return undefined;
  }
}
