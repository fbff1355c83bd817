/**
 * How an entity names its rows and how its list is shaped as a tree: the key a row is read and removed by (inferred
 * from the detail and remove parameters, never declared) and `x-entity.tree` (a forest, or one level at a time).
 */
import type { EntityKey, EntityTree } from './types';
import { answerRecord, deref, isObj, type ContractDocument, type Json } from './contract-schema';

/** The required query parameters of an operation, by name. */
function requiredQuery(doc: ContractDocument, op: Json | undefined): string[] {
  return ((op?.parameters as unknown[] | undefined) ?? [])
    .map((p) => deref(doc, p).schema)
    .filter((p) => p.in === 'query' && p.required === true && typeof p.name === 'string')
    .map((p) => p.name as string);
}

/**
 * The key of the rows where it is not the platform's `detail?id=` / `remove?ids=` (region.yaml: `detail?code=`, and
 * `remove?id=` with one code a call): detail's one required parameter names the key field, remove's one required
 * parameter carries it, a comma-joined list when it is called `ids`. Undefined for the platform's own shape.
 */
export function readKey(
  doc: ContractDocument,
  detail: Json | undefined,
  remove: Json | undefined,
  ids: { detail?: string; remove?: string },
  known: ReadonlySet<string>,
  where: string,
  errors: string[],
): EntityKey | undefined {
  const [byDetail, ...moreDetail] = requiredQuery(doc, detail);
  const [byRemove, ...moreRemove] = requiredQuery(doc, remove);
  if (detail && (!byDetail || moreDetail.length))
    errors.push(`${where}: the detail ${ids.detail} must take exactly one required query parameter, the key`);
  if (remove && (!byRemove || moreRemove.length))
    errors.push(`${where}: the remove ${ids.remove} must take exactly one required query parameter, the key`);
  const field = byDetail ?? 'id';
  if (field !== 'id' && !known.has(field))
    errors.push(
      `${where}: the detail ${ids.detail} is called with ${field}, which is no field of the entity`,
    );
  const key: EntityKey = {
    field,
    detail: field,
    remove: byRemove ?? 'ids',
    many: (byRemove ?? 'ids') === 'ids',
  };
  return key.field === 'id' && key.remove === 'ids' ? undefined : key;
}

/**
 * `x-entity.tree`: `parent` names the form field holding the parent row's key, and the list answers an array. A
 * `lazy` tree lists one level a call, the children of the row its list's `parent` parameter names (`root`: the value
 * that lists the top level, else the parameter is left out); otherwise the list answers the whole forest.
 */
export function readTree(
  doc: ContractDocument,
  raw: unknown,
  list: { id?: string; op?: Json },
  formFields: ReadonlySet<string>,
  where: string,
  errors: string[],
): EntityTree | undefined {
  if (raw === undefined) return undefined;
  const t = isObj(raw) ? raw : {};
  for (const k of Object.keys(t))
    if (!['parent', 'lazy', 'root'].includes(k)) errors.push(`${where}.tree: unknown key ${k}`);
  const parent = t.parent;
  if (typeof parent !== 'string' || !formFields.has(parent))
    return (
      errors.push(`${where}.tree.parent: must name a field of the form (the parent row's id)`),
      undefined
    );
  if (list.op && deref(doc, answerRecord(doc, list.op, false)).schema.type !== 'array')
    return (
      errors.push(`${where}.tree: the list ${list.id} must answer an array (a forest), not a page`),
      undefined
    );
  if (t.lazy === undefined && t.root === undefined) return { parent };
  if (t.lazy !== true) return (errors.push(`${where}.tree.lazy: true, or left out`), undefined);
  const params = ((list.op?.parameters as unknown[] | undefined) ?? []).map((p) => deref(doc, p).schema);
  if (!params.some((p) => p.in === 'query' && p.name === parent))
    errors.push(`${where}.tree: a lazy list ${list.id} takes the parent's key as its ${parent} parameter`);
  if (t.root !== undefined && typeof t.root !== 'string')
    errors.push(`${where}.tree.root: the ${parent} value of the top level, a string`);
  return { parent, lazy: true, ...(typeof t.root === 'string' ? { root: t.root } : {}) };
}
