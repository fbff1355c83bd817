/**
 * Reading the bundled contract (`openapi/dist/smart-api.json`, internal `#/components/...` references only): the
 * schema walks the entity derivation (derive.ts) is built on.
 */
import type { LocalText } from './types';
export type Json = Record<string, unknown>;

export interface ContractDocument {
  paths: Record<string, Record<string, unknown>>;
  tags?: Json[];
  components?: Record<string, Record<string, unknown>>;
}

export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const snakeCase = (s: string): string => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export interface Operation {
  path: string;
  method: string;
  op: Json;
}

/** A schema with its `$ref` resolved (siblings of the reference win, as in OpenAPI 3.1); `ref` is the last name. */
export function deref(doc: ContractDocument, node: unknown): { schema: Json; ref?: string } {
  let cur = isObj(node) ? node : {};
  let ref: string | undefined;
  const siblings: Json[] = [];
  for (let depth = 0; typeof cur.$ref === 'string' && depth < 20; depth++) {
    const parts = cur.$ref.replace(/^#\//, '').split('/');
    const { $ref: _r, ...rest } = cur;
    siblings.unshift(rest);
    ref = parts[parts.length - 1];
    let target: unknown = doc;
    for (const p of parts) target = isObj(target) ? target[p] : undefined;
    cur = isObj(target) ? target : {};
  }
  return { schema: Object.assign({}, cur, ...siblings) as Json, ref };
}

/** The properties of an object schema, through `allOf`, in declaration order (first declaration wins its slot). */
export function properties(
  doc: ContractDocument,
  node: unknown,
): { props: Map<string, Json>; required: Set<string> } {
  const props = new Map<string, Json>();
  const required = new Set<string>();
  const walk = (n: unknown) => {
    const { schema } = deref(doc, n);
    for (const part of (schema.allOf as unknown[] | undefined) ?? []) walk(part);
    for (const r of (schema.required as string[] | undefined) ?? []) required.add(r);
    if (isObj(schema.properties))
      for (const [k, v] of Object.entries(schema.properties))
        props.set(k, { ...props.get(k), ...(v as Json) });
  };
  walk(node);
  return { props, required };
}

export function operations(doc: ContractDocument): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item))
      if (isObj(op) && typeof op.operationId === 'string') out.set(op.operationId, { path, method, op });
  return out;
}

export const jsonBody = (doc: ContractDocument, op: Json): unknown => {
  const body = deref(doc, op.requestBody).schema;
  const content = isObj(body.content) ? body.content : {};
  const media = content['application/json'];
  return isObj(media) ? media.schema : undefined;
};

/** The `data` schema of the operation's 200 envelope; for a page, its `records` items. */
export function answerRecord(doc: ContractDocument, op: Json, paged: boolean): unknown {
  const ok = deref(doc, (op.responses as Json | undefined)?.['200']).schema;
  const media = isObj(ok.content) ? (ok.content['application/json'] as Json | undefined) : undefined;
  const data = properties(doc, media?.schema).props.get('data');
  if (!paged) return data;
  const records = properties(doc, data).props.get('records');
  return records ? deref(doc, records).schema.items : undefined;
}

export function refName(doc: ContractDocument, node: unknown): string | undefined {
  return deref(doc, node).ref;
}

export const localText = (v: unknown): LocalText | undefined =>
  isObj(v) && typeof v.zh === 'string' && typeof v.en === 'string' ? { zh: v.zh, en: v.en } : undefined;

/**
 * A property's schema, `$ref` resolved; `anyOf: [X, a string of length 0]` (commerce/types.yaml IdOrEmpty,
 * DateTimeOrEmpty) is X's facts with `orEmpty` set: the value is X or ''.
 */
export function valueSchema(
  doc: ContractDocument,
  raw: unknown,
): { schema: Json; ref?: string; orEmpty?: true } {
  const outer = deref(doc, raw);
  const alts = outer.schema.anyOf;
  if (!Array.isArray(alts) || alts.length !== 2) return outer;
  const empty = alts.findIndex((a) => isObj(a) && a.type === 'string' && a.maxLength === 0);
  if (empty < 0) return outer;
  const inner = deref(doc, alts[1 - empty]);
  const { anyOf: _alts, ...siblings } = outer.schema;
  return { schema: { ...inner.schema, ...siblings }, ref: inner.ref, orEmpty: true };
}
