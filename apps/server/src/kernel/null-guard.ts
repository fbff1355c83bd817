/**
 * A JSON `null` where the contract declares no null. The server's Ajv coerces types (`coerceTypes: 'array'`, app.ts:
 * query strings arrive as text and must become the numbers and booleans the contract declares), and coercion also
 * turns a body's `null` into `""`, `0` or `false` before the schema is checked: `tenant/submit` with
 * `"address": null` was stored as an empty address and answered 200. Coercion of text stays for query strings,
 * headers and bodies alike (clients send `"1"` for integers), but a `null` is never a value of another type: it is
 * refused here with the same 400 a type error of the validator answers, before the validator runs.
 *
 * Only properties the body schema declares are looked at (others are ignored, as the handlers ignore them); a null is
 * accepted where the schema allows it (`type` with `'null'`, `nullable`, no type at all, a `null` const or enum).
 */
import type { FastifyRequest } from 'fastify';
import { pointerGet } from './json-pointer';

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Depth of schema nesting followed (allOf / $ref chains); the contract's bodies are far shallower. */
const MAX_DEPTH = 32;

/** A local `$ref` (`#/…`, what openapi-glue leaves for recursive schemas) resolved in the route's body schema. */
function resolve(root: Schema, schema: Schema): Schema | undefined {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  if (!ref.startsWith('#')) return undefined;
  const node = pointerGet(root, ref);
  return isObject(node) ? node : undefined;
}

/** The type this schema requires when it refuses null (for the message), or undefined when null passes it. */
function refusedType(root: Schema, schema: unknown, depth = 0): string | undefined {
  if (!isObject(schema) || depth > MAX_DEPTH) return undefined;
  const s = resolve(root, schema);
  if (!s) return undefined;
  if (s.nullable === true) return undefined;
  const type = s.type;
  if (typeof type === 'string' && type !== 'null') return type;
  if (Array.isArray(type) && !type.includes('null')) return type.join(',');
  if (Object.hasOwn(s, 'const') && s.const !== null) return typeof s.const;
  if (Array.isArray(s.enum) && !s.enum.includes(null)) return 'enum';
  for (const sub of Array.isArray(s.allOf) ? s.allOf : []) {
    const t = refusedType(root, sub, depth + 1);
    if (t) return t;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = Array.isArray(s[key]) ? (s[key] as unknown[]) : [];
    const refused = branches.map((b) => refusedType(root, b, depth + 1));
    if (branches.length > 0 && refused.every(Boolean)) return refused[0];
  }
  return undefined;
}

/** The schemas that apply to property `name` of an object validated by `schema` (its allOf branches included). */
function propertySchemas(
  root: Schema,
  schema: unknown,
  name: string,
  out: unknown[] = [],
  depth = 0,
): unknown[] {
  if (!isObject(schema) || depth > MAX_DEPTH) return out;
  const s = resolve(root, schema);
  if (!s) return out;
  const props = s.properties;
  if (isObject(props) && Object.hasOwn(props, name)) out.push(props[name]);
  else if (isObject(s.additionalProperties)) out.push(s.additionalProperties);
  for (const sub of Array.isArray(s.allOf) ? s.allOf : []) propertySchemas(root, sub, name, out, depth + 1);
  return out;
}

/** The item schemas of an array validated by `schema`. */
function itemSchemas(root: Schema, schema: unknown, out: unknown[] = [], depth = 0): unknown[] {
  if (!isObject(schema) || depth > MAX_DEPTH) return out;
  const s = resolve(root, schema);
  if (!s) return out;
  if (isObject(s.items)) out.push(s.items);
  for (const sub of Array.isArray(s.allOf) ? s.allOf : []) itemSchemas(root, sub, out, depth + 1);
  return out;
}

export interface NullFound {
  /** JSON pointer of the null (`/address`), as Ajv's `instancePath`. */
  path: string;
  /** The type the schema wants there. */
  type: string;
}

/** The first null of `value` that `schemas` (all applying to it) refuse; walks at most `budget` values. */
export function findRefusedNull(
  root: Schema,
  schemas: unknown[],
  value: unknown,
  path = '',
  budget = { left: 20_000 },
): NullFound | undefined {
  if (--budget.left < 0 || schemas.length === 0) return undefined;
  if (value === null) {
    for (const s of schemas) {
      const type = refusedType(root, s);
      if (type) return { path, type };
    }
    return undefined;
  }
  if (Array.isArray(value)) {
    const items = schemas.flatMap((s) => itemSchemas(root, s));
    for (let i = 0; i < value.length; i++) {
      const found = findRefusedNull(root, items, value[i], `${path}/${i}`, budget);
      if (found) return found;
    }
    return undefined;
  }
  if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      const props = schemas.flatMap((s) => propertySchemas(root, s, k));
      const pointer = `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const found = findRefusedNull(root, props, v, pointer, budget);
      if (found) return found;
    }
  }
  return undefined;
}

/** The JSON body schema of a route (openapi-glue nests it under `content`, one per media type). */
function jsonBodySchema(req: FastifyRequest): Schema | undefined {
  const body = (req.routeOptions?.schema as { body?: unknown } | undefined)?.body;
  if (!isObject(body)) return undefined;
  const content = body.content;
  if (!isObject(content)) return body;
  const json = content['application/json'];
  return isObject(json) && isObject(json.schema) ? json.schema : undefined;
}

/**
 * Fastify preValidation hook: a refused null throws the validator's own kind of error (`validation`, context
 * `body`), so app.ts's error handler answers it as any other type error of the body (the field's label when the
 * form declares one).
 */
export async function nullGuardHook(req: FastifyRequest): Promise<void> {
  if (req.body === null || typeof req.body !== 'object') return;
  const schema = jsonBodySchema(req);
  if (!schema) return;
  const found = findRefusedNull(schema, [schema], req.body);
  if (!found) return;
  const message = `must be ${found.type}`;
  throw Object.assign(new Error(`body${found.path} ${message}`), {
    statusCode: 400,
    validationContext: 'body',
    validation: [
      { keyword: 'type', instancePath: found.path, schemaPath: '', params: { type: found.type }, message },
    ],
  });
}
