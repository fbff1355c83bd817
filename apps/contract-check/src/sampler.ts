/**
 * Values from the contract's JSON schemas: a valid sample (examples first, else generated from types, enums,
 * const, patterns, bounds and required properties), unique variants for create bodies, and the invalid variants
 * of the negative checks.
 */
import { deref, type Schema } from './spec';

export interface ObjectShape {
  properties: Record<string, Schema>;
  required: string[];
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The schema's main type (`['string', 'null']` → `string`); inferred from properties / items when absent. */
export function typeOf(schema: Schema): string | undefined {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return (t as string[]).find((x) => x !== 'null') ?? (t[0] as string | undefined);
  if ('const' in schema) return schema.const === null ? 'null' : jsonType(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length) return jsonType(schema.enum[0]);
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/**
 * Resolves `$ref`s and merges `allOf` into one schema; picks the first non-null branch of `oneOf` / `anyOf`.
 * Enough for sampling; validation always uses the real schema (Ajv).
 */
export function flatten(doc: unknown, input: Schema | undefined, depth = 0): Schema {
  if (!input || depth > 30) return {};
  const schema = deref(doc, input) as Schema;
  let out: Schema = { ...schema };
  delete out.$ref;
  if ('$ref' in input && input !== schema) {
    // siblings of a $ref (readOnly, description …) win over the target
    const { $ref: _ref, ...siblings } = input;
    out = { ...out, ...siblings };
    delete out.$ref;
  }
  if (Array.isArray(schema.allOf)) {
    delete out.allOf;
    for (const part of schema.allOf as Schema[]) out = mergeSchemas(out, flatten(doc, part, depth + 1));
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key] as Schema[] | undefined;
    if (Array.isArray(branches) && branches.length) {
      delete out[key];
      const flat = branches.map((b) => flatten(doc, b, depth + 1));
      out = mergeSchemas(out, flat.find((b) => typeOf(b) !== 'null') ?? flat[0]!);
    }
  }
  return out;
}

function mergeSchemas(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a, ...b };
  if (a.properties || b.properties) {
    out.properties = { ...(a.properties as object | undefined), ...(b.properties as object | undefined) };
  }
  if (a.required || b.required) {
    out.required = [...new Set([...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])])];
  }
  if (!out.type && (a.type || b.type)) out.type = a.type ?? b.type;
  return out;
}

/** Properties (flattened) and required names of an object schema. */
export function objectShape(doc: unknown, schema: Schema | undefined): ObjectShape {
  const flat = flatten(doc, schema);
  const properties: Record<string, Schema> = {};
  for (const [name, prop] of Object.entries((flat.properties as Record<string, Schema>) ?? {})) {
    properties[name] = flatten(doc, prop);
  }
  return { properties, required: (flat.required as string[]) ?? [] };
}

/** The first example of a schema (`examples[0]`, `example`, `default`), when it has one. */
export function exampleOf(schema: Schema): { value: unknown } | undefined {
  if (Array.isArray(schema.examples) && schema.examples.length) return { value: schema.examples[0] };
  if ('example' in schema) return { value: schema.example };
  if ('default' in schema) return { value: schema.default };
  return undefined;
}

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

function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    try {
      return new RegExp(pattern);
    } catch {
      return undefined;
    }
  }
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

/* ------------------------------------------------------------------ patterns */

type Node =
  | { kind: 'chars'; choices: string[] }
  | { kind: 'group'; alternatives: Node[][] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

const DIGITS = '0123456789';
const WORD = `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ${DIGITS}_`;
const PRINTABLE = `${WORD}-. :/@`;

function escapeClass(ch: string): string[] | undefined {
  switch (ch) {
    case 'd':
      return [...DIGITS];
    case 'w':
      return [...WORD];
    case 's':
      return [' '];
    case 'D':
    case 'W':
      return ['-'];
    case 'S':
      return ['x'];
    case 'n':
      return ['\n'];
    case 't':
      return ['\t'];
    default:
      return undefined;
  }
}

/** Parses the subset of regular expressions contracts use (classes, groups, alternation, quantifiers). */
function parsePattern(src: string): Node[][] {
  let i = 0;
  const parseAlternatives = (): Node[][] => {
    const alts: Node[][] = [[]];
    while (i < src.length) {
      const c = src[i]!;
      if (c === ')') break;
      i++;
      let node: Node | undefined;
      if (c === '|') {
        alts.push([]);
        continue;
      } else if (c === '^' || c === '$') {
        continue;
      } else if (c === '(') {
        if (src[i] === '?') {
          // (?:…), (?=…) and friends: treat as a plain group
          i++;
          while (i < src.length && src[i] !== ':' && src[i] !== ')' && /[=!<a-zA-Z>]/.test(src[i]!)) i++;
          if (src[i] === ':') i++;
        }
        const inner = parseAlternatives();
        i++; // ')'
        node = { kind: 'group', alternatives: inner };
      } else if (c === '[') {
        let negate = false;
        if (src[i] === '^') {
          negate = true;
          i++;
        }
        const set: string[] = [];
        let first = true;
        while (i < src.length && (src[i] !== ']' || first)) {
          first = false;
          let ch = src[i++]!;
          if (ch === '\\') {
            const e = src[i++]!;
            const cls = escapeClass(e);
            if (cls) {
              set.push(...cls);
              continue;
            }
            ch = e;
          }
          if (src[i] === '-' && src[i + 1] && src[i + 1] !== ']') {
            i++;
            let to = src[i++]!;
            if (to === '\\') to = src[i++]!;
            for (let code = ch.codePointAt(0)!; code <= to.codePointAt(0)! && set.length < 5000; code++) {
              set.push(String.fromCodePoint(code));
            }
          } else set.push(ch);
        }
        i++; // ']'
        node = {
          kind: 'chars',
          choices: negate ? [...PRINTABLE].filter((x) => !set.includes(x)) : set,
        };
      } else if (c === '\\') {
        const e = src[i++]!;
        node = { kind: 'chars', choices: escapeClass(e) ?? [e] };
      } else if (c === '.') {
        node = { kind: 'chars', choices: ['x'] };
      } else {
        node = { kind: 'chars', choices: [c] };
      }
      // quantifier
      const q = src[i];
      let min = 1;
      let max = 1;
      if (q === '?' || q === '*' || q === '+') {
        i++;
        min = q === '+' ? 1 : 0;
        max = q === '?' ? 1 : Infinity;
      } else if (q === '{') {
        const m = /^\{(\d*)(,?)(\d*)\}/.exec(src.slice(i));
        if (m) {
          i += m[0].length;
          min = m[1] ? Number(m[1]) : 0;
          max = m[2] ? (m[3] ? Number(m[3]) : Infinity) : min;
        }
      }
      if (src[i] === '?' && (min !== 1 || max !== 1)) i++; // lazy
      alts[alts.length - 1]!.push(min === 1 && max === 1 ? node : { kind: 'repeat', node, min, max });
    }
    return alts;
  };
  return parseAlternatives();
}

function generate(alts: Node[][], extra: number, pick: number): string {
  const seq = alts[0] ?? [];
  let out = '';
  for (const node of seq) out += generateNode(node, extra, pick);
  return out;
}

function generateNode(node: Node, extra: number, pick: number): string {
  switch (node.kind) {
    case 'chars':
      return node.choices.length ? node.choices[pick % node.choices.length]! : '';
    case 'group':
      return generate(node.alternatives, extra, pick);
    case 'repeat': {
      const count = Math.min(node.max, node.min + extra);
      let s = '';
      for (let k = 0; k < count; k++) s += generateNode(node.node, extra, pick + k);
      return s;
    }
  }
}

/** A short string matching the pattern within the length bounds (undefined when none was found). */
export function stringForPattern(pattern: string, minLength = 0, maxLength = Infinity): string | undefined {
  const re = safeRegExp(pattern);
  if (!re) return undefined;
  const ok = (s: string) => re.test(s) && s.length >= minLength && s.length <= maxLength;
  let tree: Node[][];
  try {
    tree = parsePattern(pattern);
  } catch {
    tree = [[]];
  }
  for (let extra = 0; extra <= Math.max(minLength, 1) + 1; extra++) {
    for (let pick = 0; pick < 3; pick++) {
      const s = generate(tree, extra, pick);
      if (ok(s)) return s;
    }
  }
  for (const guess of ['1', 'a', 'A', 'x1', '000000', '2026-01-01 00:00:00', '2026-01-01', 'a@b.co']) {
    if (ok(guess)) return guess;
  }
  return undefined;
}

/* -------------------------------------------------------------- variants */

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
