import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** A JSON schema of the contract (OpenAPI 3.1 = JSON Schema 2020-12 plus the x-label / x-rule / x-dict keywords). */
export type Schema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

export interface Parameter {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  /** first tag: the module the operation belongs to */
  tag: string;
  summary?: string | undefined;
  parameters: Parameter[];
  /** JSON request body schema, when the operation takes one */
  body?: Schema | undefined;
  bodyRequired: boolean;
  /** other request media types (multipart uploads …) */
  otherMedia: string[];
  /** status → JSON schema of that response (undefined when the response has no JSON body) */
  responses: Record<string, Schema | undefined>;
  /** status → the media type of a response whose body is not JSON (a download: a zip, a workbook) */
  media: Record<string, string>;
  /** the operation needs the user token (`smartAuth`) */
  needsToken: boolean;
  /**
   * A credential the check cannot obtain: the operation's only security requirements name schemes other than the
   * OAuth client and the user token (the robots' run token, handed out inside Yingdao jobs).
   */
  foreignCredential?: string | undefined;
}

/** The first scheme of the operation's requirements when none of them can be met with the client and a login. */
function foreignScheme(security: Record<string, unknown>[]): string | undefined {
  if (security.length === 0) return undefined;
  const known = new Set(['clientBasic', 'smartAuth']);
  if (security.some((req) => Object.keys(req).every((k) => known.has(k)))) return undefined;
  return Object.keys(security[0] ?? {}).find((k) => !known.has(k));
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/**
 * Path of the bundled contract: beside the script in the packed build (`npm run pack`, which copies it there),
 * else the bundle of `@smart/openapi` in this repository.
 */
export function defaultSpecPath(): string {
  const beside = fileURLToPath(new URL('./smart-api.json', import.meta.url));
  if (existsSync(beside)) return beside;
  return createRequire(import.meta.url).resolve('@smart/openapi/smart-api.json');
}

export function loadSpec(file = defaultSpecPath()): OpenApiDocument {
  return JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
}

/** Follows a local `$ref` (`#/components/…`) of the document. */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) throw new Error(`only local $refs are supported, got ${ref}`);
  let cur: unknown = doc;
  for (const raw of ref.replace(/^#\/?/, '').split('/')) {
    if (raw === '') continue;
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    cur = (cur as Record<string, unknown> | undefined)?.[part];
  }
  if (cur === undefined) throw new Error(`unresolvable $ref ${ref}`);
  return cur;
}

/** Dereferences an object that may be a `{$ref}` (parameters, responses, request bodies), repeatedly. */
export function deref<T>(doc: unknown, value: T): T {
  let cur: unknown = value;
  for (let i = 0; i < 20 && cur && typeof cur === 'object' && '$ref' in cur; i++) {
    cur = resolvePointer(doc, (cur as { $ref: string }).$ref);
  }
  return cur as T;
}

type RawOperation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  security?: Record<string, unknown>[];
};

/** Every operation of the contract, in document order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  const globalSecurity = (doc.security as Record<string, unknown>[] | undefined) ?? [];
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, rawItem) as Record<string, unknown>;
    const shared = ((item.parameters as unknown[] | undefined) ?? []).map((p) => deref(doc, p) as Parameter);
    for (const method of METHODS) {
      const op = item[method] as RawOperation | undefined;
      if (!op?.operationId) continue;
      const params = new Map<string, Parameter>();
      for (const p of [...shared, ...(op.parameters ?? []).map((x) => deref(doc, x) as Parameter)]) {
        params.set(`${p.in}:${p.name}`, {
          ...p,
          schema: p.schema ? (deref(doc, p.schema) as Schema) : undefined,
        });
      }
      const requestBody = op.requestBody
        ? (deref(doc, op.requestBody) as {
            required?: boolean;
            content?: Record<string, { schema?: Schema }>;
          })
        : undefined;
      const content = requestBody?.content ?? {};
      const responses: Record<string, Schema | undefined> = {};
      const media: Record<string, string> = {};
      for (const [status, raw] of Object.entries(op.responses ?? {})) {
        const res = deref(doc, raw) as { content?: Record<string, { schema?: Schema }> };
        responses[status] = res.content?.['application/json']?.schema;
        const other = Object.keys(res.content ?? {}).find((m) => m !== 'application/json');
        if (!responses[status] && other) media[status] = other;
      }
      const security = op.security ?? globalSecurity;
      out.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        tag: op.tags?.[0] ?? 'untagged',
        summary: op.summary,
        parameters: [...params.values()],
        media,
        body: content['application/json']?.schema,
        bodyRequired: requestBody?.required ?? false,
        otherMedia: Object.keys(content).filter((m) => m !== 'application/json'),
        responses,
        needsToken: security.some((req) => 'smartAuth' in req),
        foreignCredential: foreignScheme(security),
      });
    }
  }
  return out;
}
