/**
 * Classifies operations by shape (path suffix, method, parameters, schemas) and groups them into resources
 * (operations sharing a path prefix), so the runner knows which lifecycles it can exercise.
 */
import { objectShape } from './sampler';
import type { Operation, Schema } from './spec';

export type Kind = 'token' | 'logout' | 'list' | 'detail' | 'create' | 'update' | 'remove' | 'extra';

export interface Classified {
  op: Operation;
  kind: Kind;
  /** the resource: path without its last segment (`/api/smart-system/param`) */
  resource: string;
  /** why the positive call is not made (it would touch the login or data the checker does not own) */
  unsafe?: string | undefined;
}

export interface Resource {
  path: string;
  tag: string;
  ops: Classified[];
  create?: Classified | undefined;
  update?: Classified | undefined;
  detail?: Classified | undefined;
  list?: Classified | undefined;
  remove?: Classified | undefined;
}

const lastSegment = (path: string) => path.replace(/\/+$/, '').split('/').pop() ?? '';
const resourceOf = (path: string) => path.replace(/\/+$/, '').split('/').slice(0, -1).join('/') || '/';

/** Positive calls the checker never makes: they would change the login it uses or settings it does not own. */
const UNSAFE: [RegExp, string][] = [
  [/(update|reset|change|modify)-password/i, 'changes a password'],
  [/update-info|user-info\/update/i, "changes the signed-in user's profile"],
];

const ID_PARAM = /^(id|ids)$/;

function queryParam(op: Operation, name: RegExp) {
  return op.parameters.find((p) => p.in === 'query' && name.test(p.name));
}

function dataSchema(doc: unknown, op: Operation): Schema | undefined {
  const ok = op.responses['200'] ?? op.responses['201'];
  if (!ok) return undefined;
  return objectShape(doc, ok).properties.data;
}

export function classify(doc: unknown, op: Operation): Classified {
  const seg = lastSegment(op.path);
  const resource = resourceOf(op.path);
  const base = { op, resource };
  if (/\/oauth\/token(\/refresh)?$/.test(op.path)) return { ...base, kind: 'token' };
  // the logout path also carries the console's send-logs call (POST with a body): that one is an ordinary extra
  if (/\/oauth\/logout$/.test(op.path) && !op.body) return { ...base, kind: 'logout' };
  const multipart = !op.body && op.otherMedia.some((m) => m.startsWith('multipart/'));
  const unsafe = multipart
    ? 'multipart upload (no generated file)'
    : op.foreignCredential
      ? `needs a ${op.foreignCredential} credential the check cannot obtain`
      : UNSAFE.find(([re]) => re.test(op.path))?.[1];
  if (unsafe) return { ...base, kind: 'extra', unsafe };

  const method = op.method;
  const hasRequiredQuery = op.parameters.some(
    (p) => p.required && p.in === 'query' && !ID_PARAM.test(p.name),
  );
  if (method === 'GET') {
    const idParam =
      queryParam(op, /^id$/) ?? op.parameters.find((p) => p.in === 'path' && /id$/i.test(p.name));
    if (idParam?.required && /^(detail|info|get)$/.test(seg)) return { ...base, kind: 'detail' };
    // code-keyed resources (region): the detail's one required parameter is the key (`code`)
    const required = op.parameters.filter((p) => p.required && p.in === 'query');
    if (seg === 'detail' && required.length === 1 && required[0]!.name === 'code') {
      return { ...base, kind: 'detail' };
    }
    const data = dataSchema(doc, op);
    const paged = data ? 'records' in objectShape(doc, data).properties : false;
    if (!hasRequiredQuery && !idParam?.required && (paged || /^(list|page)$/.test(seg))) {
      return { ...base, kind: 'list' };
    }
    return { ...base, kind: 'extra' };
  }
  if ((method === 'POST' || method === 'DELETE') && /^(remove|delete)$/.test(seg)) {
    if (queryParam(op, /^ids?$/)?.required) return { ...base, kind: 'remove' };
  }
  if ((method === 'POST' || method === 'PUT') && op.body) {
    if (/^(submit|save)$/.test(seg)) return { ...base, kind: 'create' };
    if (seg === 'update') return { ...base, kind: 'update' };
  }
  return { ...base, kind: 'extra' };
}

/** Groups classified operations into resources, in document order. */
export function resources(list: Classified[]): Resource[] {
  const byPath = new Map<string, Resource>();
  for (const c of list) {
    let r = byPath.get(c.resource);
    if (!r) {
      r = { path: c.resource, tag: c.op.tag, ops: [] };
      byPath.set(c.resource, r);
    }
    r.ops.push(c);
    const k = c.kind;
    if ((k === 'create' || k === 'update' || k === 'detail' || k === 'list' || k === 'remove') && !r[k])
      r[k] = c;
  }
  return [...byPath.values()];
}

/** A resource whose create → read back → update → remove lifecycle can be exercised. */
export const hasLifecycle = (r: Resource): boolean => !!(r.create && r.detail && r.remove);
