// Request building: valid input from the contract (ids substituted where they fit), the token endpoint's
// input for an account that does not exist, and the request spec of an input.
import { md5, type RequestSpec } from '../http';
import { isIdName, objectShape, sample, uniqueString } from '../sampler';
import type { Operation, Parameter, Schema } from '../spec';
import type { RunContext } from './run-context';
import { isObj } from './values';

/** Request input of one call: query, path and header parameters and the JSON body. */
export interface Input {
  query: Record<string, unknown>;
  pathParams: Record<string, unknown>;
  headers: Record<string, string>;
  body?: unknown;
}

/** Parameters the client itself manages (the tenant, switch mode headers, the token). */
const MANAGED_HEADERS =
  /^(tenant-id|dept-id|role-id|smart-auth|authorization|user-type|captcha-key|captcha-code)$/i;

/**
 * Valid input from the contract; id parameters (and the parameter named `key`, for code-keyed resources) filled
 * by `ids` when given. When the ids do not fit such a parameter, a fresh value that fits is used, never the
 * contract's example: the example may name a real row (the seeded region 110101), which a remove would delete.
 */
export function validInput(
  ctx: RunContext,
  op: Operation,
  opts: { ids?: string[] | undefined; optional?: boolean; key?: string | undefined } = {},
): Input {
  const input: Input = { query: {}, pathParams: {}, headers: {} };
  for (const p of op.parameters) {
    if (p.in === 'header' && MANAGED_HEADERS.test(p.name)) continue;
    if (p.in === 'cookie') continue;
    if (!p.required && !(opts.optional && p.in !== 'header')) continue;
    let value = paramExample(p) ?? sample(ctx.doc, p.schema, { request: true });
    if (opts.ids && (isIdName(p.name) || p.name === opts.key)) {
      const ids = /ids$/i.test(p.name) ? opts.ids.join(',') : opts.ids[0];
      if (fits(ctx, p.schema, ids)) value = ids;
      else if (p.schema && typeof value === 'string') {
        const fresh = uniqueString(p.schema, value, ctx.nextSuffix());
        if (fresh !== value && fits(ctx, p.schema, fresh)) value = fresh;
      }
    }
    if (p.in === 'query') input.query[p.name] = value;
    else if (p.in === 'path') input.pathParams[p.name] = value;
    else input.headers[p.name] = String(value);
  }
  if (op.body) {
    const body = sample(ctx.doc, op.body, { request: true });
    if (opts.ids && isObj(body)) {
      for (const key of Object.keys(body)) {
        if (!isIdName(key)) continue;
        const v = body[key];
        const prop = objectShape(ctx.doc, op.body).properties[key];
        const ids = /ids$/i.test(key) ? opts.ids.join(',') : opts.ids[0];
        if (typeof v === 'string' && fits(ctx, prop, ids)) body[key] = ids;
        else if (Array.isArray(v) && fits(ctx, prop, opts.ids)) body[key] = opts.ids.slice();
      }
    }
    input.body = body;
  } else if (op.bodyRequired) input.body = {};
  return input;
}

/** The value is valid for the schema (ids are only substituted where an id fits, e.g. not a tenant code). */
function fits(ctx: RunContext, schema: Schema | undefined, value: unknown): boolean {
  return !schema || ctx.validator.check(schema, value) === undefined;
}

export function spec(input: Input, token?: string | false): Omit<RequestSpec, 'method' | 'path'> {
  return {
    query: input.query,
    pathParams: input.pathParams,
    headers: input.headers,
    body: input.body,
    ...(token !== undefined ? { token } : {}),
  };
}

export function tokenInput(ctx: RunContext, op: Operation): Input {
  const input = validInput(ctx, op);
  input.query = { ...input.query, username: `cc-nobody${ctx.suffix}`, password: md5('wrong') };
  if ('refresh_token' in input.query) input.query.refresh_token = 'not.a.jwt';
  return input;
}

function paramExample(p: Parameter): unknown {
  if (p.example !== undefined) return p.example;
  const first = p.examples ? Object.values(p.examples)[0] : undefined;
  return first?.value;
}
