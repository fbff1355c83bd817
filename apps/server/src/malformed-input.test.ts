/**
 * Bounded fuzzing of every operation the contract declares: malformed values in each query parameter and body
 * property (NUL characters, non-finite and huge numbers, wrong types, over-long text, repeated parameters, broken
 * JSON) never get a 5xx. The refusal is the server's ordinary 400 (or 401/404/415 where that applies), in its
 * envelope, and the calls after it still work. A few thousand requests, in-process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointerGet } from './kernel/json-pointer';
import { loadSpec } from './spec';
import { authHeaders, backends, login, startTestServer, type TestServer } from './test/harness';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  $ref?: string;
  allOf?: Schema[];
  examples?: unknown[];
};
interface Param {
  name: string;
  in: string;
  $ref?: string;
}
interface Operation {
  operationId: string;
  parameters?: Param[];
  requestBody?: { $ref?: string; content?: Record<string, { schema?: Schema }> };
}

const spec = loadSpec();
const resolve = <T>(node: T & { $ref?: string }): T => {
  let cur: unknown = node;
  for (let i = 0; i < 10 && (cur as { $ref?: string })?.$ref; i++) {
    cur = pointerGet(spec, (cur as { $ref: string }).$ref);
  }
  return cur as T;
};
/** The body's top-level property names (through allOf), for the per-property variants. */
function bodyProps(schema: Schema | undefined, depth = 0): string[] {
  if (!schema || depth > 5) return [];
  const s = resolve(schema);
  return [...Object.keys(s.properties ?? {}), ...(s.allOf ?? []).flatMap((x) => bodyProps(x, depth + 1))];
}

/** Sessions end, or the sign-in changes, on these: they would take the token the rest of the run needs. */
const SESSION = /logout|oauthToken|updatePassword|socialCallback|oauthRender/i;

const NUL = 'a\u0000b';
const LONG = 'x'.repeat(5000);
const HOSTILE_TEXT = [NUL, '1e309', '-1e309', LONG, '{"$ne":1}', '../../etc/passwd', '%00%ff'];

interface Call {
  method: string;
  url: string;
  payload?: string;
  label: string;
}

function variants(method: string, path: string, op: Operation): Call[] {
  const params = (op.parameters ?? [])
    .map((p) => resolve(p))
    .filter((p) => p.in === 'query' || p.in === 'path');
  const url = (values: (p: Param) => string | string[]) => {
    let u = path;
    const q = new URLSearchParams();
    for (const p of params) {
      const v = values(p);
      if (p.in === 'path') u = u.replace(`{${p.name}}`, encodeURIComponent(Array.isArray(v) ? v[0]! : v));
      else for (const one of Array.isArray(v) ? v : [v]) q.append(p.name, one);
    }
    const qs = q.toString();
    return qs ? `${u}?${qs}` : u;
  };
  const out: Call[] = [];
  if (params.length) {
    for (const text of HOSTILE_TEXT)
      out.push({
        method,
        url: url(() => text),
        label: `every parameter ${JSON.stringify(text.slice(0, 12))}`,
      });
    out.push({ method, url: url(() => ['1', '2']), label: 'every parameter twice' });
    // one query parameter at a time, the others left out: past validation of the rest, into the handler
    for (const one of params.filter((p) => p.in === 'query'))
      for (const text of [NUL, '1e309'])
        out.push({
          method,
          url: `${path.replace(/\{\w+\}/g, '1')}?${new URLSearchParams({ [one.name]: text }).toString()}`,
          label: `${one.name}=${JSON.stringify(text)}`,
        });
  }
  const media = op.requestBody ? Object.keys(resolve(op.requestBody).content ?? {}) : [];
  if (media.includes('application/json')) {
    const props = bodyProps(resolve(op.requestBody!).content!['application/json']!.schema);
    const base = url(() => '1');
    const body = (value: string) => `{${props.map((p) => `${JSON.stringify(p)}:${value}`).join(',')}}`;
    out.push({ method, url: base, payload: '{', label: 'broken JSON' });
    out.push({ method, url: base, payload: 'null', label: 'a null body' });
    out.push({ method, url: base, payload: '[]', label: 'an array body' });
    // one property at a time in the contract's own example body: the rest valid, so the handler sees the value
    const bodySchema = resolve(op.requestBody!).content!['application/json']!.schema;
    const sample = bodySchema ? resolve(bodySchema).examples?.[0] : undefined;
    if (sample && typeof sample === 'object' && !Array.isArray(sample))
      for (const prop of Object.keys(sample))
        for (const [raw, what] of [
          [JSON.stringify(NUL), 'NUL'],
          ['1e309', '1e309'],
        ] as const)
          out.push({
            method,
            url: base,
            payload: JSON.stringify({ ...sample, [prop]: '\u0001' }).replace('"\\u0001"', raw),
            label: `example with ${prop} ${what}`,
          });
    if (props.length) {
      out.push({ method, url: base, payload: body('1e309'), label: 'every property 1e309' });
      out.push({ method, url: base, payload: body(JSON.stringify(NUL)), label: 'every property with NUL' });
      out.push({
        method,
        url: base,
        payload: body('{"a":[1,{"b":null}]}'),
        label: 'every property an object',
      });
      out.push({ method, url: base, payload: body('[[[]]]'), label: 'every property nested arrays' });
      out.push({ method, url: base, payload: body(JSON.stringify(LONG)), label: 'every property over-long' });
      out.push({
        method,
        url: base,
        payload: `{"__proto__":{"admin":true},${body('null').slice(1)}`,
        label: '__proto__ and nulls',
      });
    }
  }
  return out;
}

const calls: { op: string; call: Call }[] = [];
for (const [path, item] of Object.entries(spec.paths)) {
  for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
    if (!op?.operationId || SESSION.test(op.operationId)) continue;
    for (const call of variants(method.toUpperCase(), path, op)) calls.push({ op: op.operationId, call });
  }
}

describe.each(backends)('malformed input on %s', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    token = (await login(s.app)).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  it(`never answers 5xx (${calls.length} requests over every operation)`, { timeout: 600_000 }, async () => {
    expect(calls.length).toBeGreaterThan(3000);
    const failures: string[] = [];
    for (const { op, call } of calls) {
      const res = await s.app.inject({
        method: call.method as 'GET',
        url: call.url,
        headers: {
          ...authHeaders(token),
          ...(call.payload !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(call.payload !== undefined ? { payload: call.payload } : {}),
      });
      if (res.statusCode >= 500)
        failures.push(`${op} (${call.label}): HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    // the session survived the run: the administrator still reads the parameters
    const after = await s.app.inject({
      method: 'GET',
      url: '/api/smart-system/param/list',
      headers: authHeaders(token),
    });
    expect(after.statusCode).toBe(200);
  });
});
