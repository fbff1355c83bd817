import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import { pointerGet } from '../kernel/json-pointer';
import { loadSpec } from '../spec';

/**
 * Validates response bodies against the contract's response schema for (operationId, HTTP status), with Ajv
 * (draft 2020-12, the dialect of OpenAPI 3.1) over a bundled spec: the repository's by default, or one a test builds
 * (the code generator's files added to a copy of openapi/, src/modules/develop/generated-conformance.test.ts).
 */
type Spec = ReturnType<typeof loadSpec>;
type Operation = {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

/** Rewrites local refs to point into the registered document. */
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

interface SpecValidator {
  ajv: Ajv2020;
  validatorFor(operationId: string, status: number): ValidateFunction;
}

function specValidator(spec: Spec): SpecValidator {
  // multipleOfPrecision: yuan amounts are `multipleOf: 0.01`, and 19.99 / 0.01 is not an integer in binary floating point
  const ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 9 });
  ajv.addSchema({ $id: 'smart', components: spec.components } as object);
  const operations = new Map<string, Operation>();
  for (const item of Object.values(spec.paths)) {
    for (const op of Object.values(item) as Operation[]) {
      if (op && typeof op === 'object' && op.operationId) operations.set(op.operationId, op);
    }
  }
  const cache = new Map<string, ValidateFunction>();
  return {
    ajv,
    validatorFor(operationId, status) {
      const key = `${operationId}:${status}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const op = operations.get(operationId);
      if (!op) throw new Error(`unknown operationId ${operationId}`);
      let response = op.responses?.[String(status)] ?? op.responses?.default;
      const ref = (response as { $ref?: string } | undefined)?.$ref;
      if (ref) response = pointerGet(spec, ref) as typeof response;
      if (!response) throw new Error(`${operationId} does not document HTTP ${status}`);
      const schema = response.content?.['application/json']?.schema;
      if (!schema) throw new Error(`${operationId} ${status} has no JSON schema`);
      const fn = ajv.compile(rebase(schema) as object);
      cache.set(key, fn);
      return fn;
    },
  };
}

const validators = new WeakMap<Spec, SpecValidator>();
let bundled: Spec | undefined;
function validatorOf(spec: Spec | undefined): SpecValidator {
  const s = spec ?? (bundled ??= loadSpec());
  let v = validators.get(s);
  if (!v) validators.set(s, (v = specValidator(s)));
  return v;
}

export interface InjectLike {
  statusCode: number;
  body: string;
  json(): unknown;
}

/** Asserts the body matches the contract (`spec`, by default the repository's) and contains no password hash; returns the parsed body. */
export function expectContract<T = Record<string, unknown>>(
  res: InjectLike,
  operationId: string,
  spec?: Spec,
): T {
  expect(res.body).not.toMatch(/\$argon2/);
  // the contract declares 500 and 501 on every operation (for other servers); this server never answers them
  if (res.statusCode >= 500)
    throw new Error(`${operationId} answered HTTP ${res.statusCode}: ${res.body.slice(0, 500)}`);
  const { ajv, validatorFor } = validatorOf(spec);
  const validate = validatorFor(operationId, res.statusCode);
  const body = res.json();
  const valid = validate(body);
  if (!valid) {
    throw new Error(
      `${operationId} HTTP ${res.statusCode} body violates the contract: ${ajv.errorsText(validate.errors)}\n${res.body.slice(0, 500)}`,
    );
  }
  return body as T;
}
