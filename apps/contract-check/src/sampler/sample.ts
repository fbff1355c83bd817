// Valid samples of a schema: examples first, else generated from types, enums, const, patterns, formats, bounds and
// required properties.
import type { Schema } from '../spec';
import { safeRegExp, stringForPattern } from './pattern';
import { exampleOf, flatten, objectShape, typeOf } from './schema-shape';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export interface SampleOptions {
  /** request bodies leave out readOnly properties (response samples keep them) */
  request?: boolean;
  /** include optional properties too (default true) */
  optional?: boolean;
}

/** A valid value for the schema. */
export function sample(
  doc: unknown,
  input: Schema | undefined,
  opts: SampleOptions = {},
  depth = 0,
): unknown {
  const schema = flatten(doc, input);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) {
    return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  }
  const type = typeOf(schema);
  const ex = exampleOf(schema);
  if (
    ex &&
    type !== 'object' &&
    !(type === 'string' && typeof ex.value === 'string' && !fitsString(schema, ex.value))
  ) {
    return ex.value;
  }
  switch (type) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return sampleNumber(schema, type === 'integer');
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      if (ex && Array.isArray(ex.value)) return ex.value;
      if (depth > 6) return [];
      const count = Math.max(1, (schema.minItems as number | undefined) ?? 0);
      const max = (schema.maxItems as number | undefined) ?? count;
      return Array.from({ length: Math.min(count, max) }, () =>
        sample(doc, schema.items as Schema | undefined, opts, depth + 1),
      );
    }
    case 'object': {
      if (ex && isObj(ex.value) && !opts.request) return ex.value;
      const { properties, required } = objectShape(doc, schema);
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(properties)) {
        const isRequired = required.includes(name);
        if (opts.request && prop.readOnly && !isRequired) continue;
        if (!isRequired && (opts.optional === false || depth > 4)) continue;
        out[name] = sample(doc, prop, opts, depth + 1);
      }
      // an object example fills what generation cannot know (e.g. a free-form map)
      if (ex && isObj(ex.value)) {
        for (const [k, v] of Object.entries(ex.value)) {
          if (!(k in out) && !(opts.request && properties[k]?.readOnly)) out[k] = v;
        }
      }
      return out;
    }
    default:
      return ex ? ex.value : 'x';
  }
}

function fitsString(schema: Schema, s: string): boolean {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? Infinity;
  if ([...s].length < min || [...s].length > max) return false;
  return typeof schema.pattern !== 'string' || safeRegExp(schema.pattern)?.test(s) !== false;
}

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'contract-check@example.com',
  uri: 'https://example.com/contract-check',
  url: 'https://example.com/contract-check',
  'date-time': '2026-01-01T00:00:00Z',
  date: '2026-01-01',
  time: '00:00:00',
  uuid: '00000000-0000-4000-8000-000000000000',
  ipv4: '127.0.0.1',
  hostname: 'example.com',
};

function sampleString(schema: Schema): string {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? Infinity;
  if (typeof schema.pattern === 'string') {
    const s = stringForPattern(schema.pattern, min, max);
    if (s !== undefined) return s;
  }
  const format = typeof schema.format === 'string' ? FORMAT_SAMPLES[schema.format] : undefined;
  let s = format ?? 'contract-check';
  if (s.length < min) s = s.padEnd(min, 'x');
  if (s.length > max) s = s.slice(0, Math.max(min, max));
  return s;
}

function sampleNumber(schema: Schema, integer: boolean): number {
  const min = schema.minimum as number | undefined;
  const exMin = schema.exclusiveMinimum as number | undefined;
  const max = schema.maximum as number | undefined;
  const exMax = schema.exclusiveMaximum as number | undefined;
  let v = min ?? (exMin !== undefined ? exMin + (integer ? 1 : 0.5) : 1);
  if (max !== undefined && v > max) v = max;
  if (exMax !== undefined && v >= exMax) v = exMax - (integer ? 1 : 0.5);
  return integer ? Math.ceil(v) : v;
}
