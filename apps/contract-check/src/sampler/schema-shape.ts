// Reading the contract's schemas: the main type of a schema, `$ref` / `allOf` / `oneOf` flattened into one schema,
// the properties and required names of an object schema, and a schema's first example.
import { deref, type Schema } from '../spec';

export interface ObjectShape {
  properties: Record<string, Schema>;
  required: string[];
}

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
