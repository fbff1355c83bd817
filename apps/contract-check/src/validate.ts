import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenApiDocument, Schema } from './spec';

/**
 * Validates bodies against the contract's schemas with Ajv in the JSON Schema 2020-12 dialect (OpenAPI 3.1).
 * The bundle's components are registered once under the id `smart`, local `$ref`s are rebased onto it.
 */
export class Validator {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<Schema, ValidateFunction>();

  constructor(doc: OpenApiDocument) {
    // multipleOfPrecision: yuan amounts are `multipleOf: 0.01`, and 19.99 / 0.01 is not an integer in binary floating
    // point (the server validates with the same tolerance)
    this.ajv = new Ajv2020({
      strict: false,
      allErrors: true,
      validateFormats: false,
      multipleOfPrecision: 9,
    });
    // contract annotations for the console: labels, form rules, dictionary codes
    for (const keyword of ['x-label', 'x-rule', 'x-dict', 'x-secret']) this.ajv.addKeyword(keyword);
    this.ajv.addSchema({ $id: 'smart', components: doc.components ?? {} } as object);
  }

  /** Undefined when valid, else a short reason. */
  check(schema: Schema, value: unknown): string | undefined {
    let fn = this.cache.get(schema);
    if (!fn) {
      fn = this.ajv.compile(rebase(schema) as object);
      this.cache.set(schema, fn);
    }
    if (fn(value)) return undefined;
    const errors = (fn.errors ?? []).slice(0, 3);
    return errors.map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`).join('; ');
  }
}

function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema && typeof schema === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema)) {
      out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `smart${v}` : rebase(v);
    }
    return out;
  }
  return schema;
}
