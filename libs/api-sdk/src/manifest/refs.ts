/**
 * `x-entity.refs` (openapi/README.md): the fields of an entity that hold ids of another declared entity's rows.
 *
 * `refs: { <field>: { entity, label, multiple? } }` sits on the tag, not on the schema property, because the shared
 * pattern schemas (patterns.yaml TaskCoreFields.arrIds) point at a different roster in each module. A ref is read in
 * two steps: its shape against its own entity while that entity is derived (`readRefs`), then, once every entity is,
 * against the entity it names (`linkRefs`), which puts `ref` on the manifest field.
 */
import { isObj } from './contract-schema';
import type { EntityField, EntityManifestData } from './types';

const REF_KEYS = new Set(['entity', 'label', 'multiple']);

/** A ref whose own entity is checked; the entity it names is checked by `linkRefs`. */
export interface PendingRef {
  /** `tag <name> x-entity.refs.<field>`, the start of its errors. */
  where: string;
  field: EntityField;
  entity: string;
  label: string;
  multiple: boolean;
}

/**
 * The refs an entity declares, checked against its fields: a field of the entity (`known`), a string, and `multiple`
 * exactly where the field is an id list (`idLists`: its schema is patterns.yaml IdList, comma-separated ids).
 */
export function readRefs(
  raw: unknown,
  where: string,
  schema: string,
  fields: EntityField[],
  idLists: ReadonlySet<string>,
  errors: string[],
): PendingRef[] {
  if (raw === undefined) return [];
  const at = `${where}.refs`;
  if (!isObj(raw)) return (errors.push(`${at}: must map fields to { entity, label, multiple? }`), []);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const out: PendingRef[] = [];
  for (const [name, decl] of Object.entries(raw)) {
    const here = `${at}.${name}`;
    const field = byName.get(name);
    if (!field) {
      errors.push(`${here}: ${schema} has no field ${name}`);
      continue;
    }
    if (!isObj(decl) || typeof decl.entity !== 'string' || typeof decl.label !== 'string') {
      errors.push(`${here}: needs entity (a declared entity's tag) and label (a field of it)`);
      continue;
    }
    const unknown = Object.keys(decl).filter((k) => !REF_KEYS.has(k));
    if (unknown.length) errors.push(`${here}: unknown key ${unknown.join(', ')}`);
    if (decl.multiple !== undefined && decl.multiple !== true) {
      errors.push(`${here}.multiple: true, or left out`);
      continue;
    }
    const multiple = decl.multiple === true;
    const list = idLists.has(name);
    if (field.type !== 'string') errors.push(`${here}: ${name} is not a string of ids`);
    else if (multiple && !list)
      errors.push(`${here}.multiple: ${name} holds one id, not a comma-separated list (IdList)`);
    else if (!multiple && list)
      errors.push(`${here}: ${name} holds a comma-separated list of ids (IdList): multiple: true`);
    else out.push({ where: here, field, entity: decl.entity, label: decl.label, multiple });
  }
  return out;
}

/** Checks each pending ref against the entity it names and, when it holds, puts `ref` on its field. */
export function linkRefs(entities: EntityManifestData[], pending: PendingRef[], errors: string[]): void {
  const byName = new Map(entities.map((e) => [e.name, e]));
  for (const p of pending) {
    const target = byName.get(p.entity);
    if (!target) {
      errors.push(`${p.where}.entity: no declared entity ${p.entity}`);
      continue;
    }
    if (!target.fields.some((f) => f.name === p.label)) {
      errors.push(`${p.where}.label: ${target.schema} (${p.entity}) has no field ${p.label}`);
      continue;
    }
    const list = target.paths.list;
    // every declared entity has a list (deriveOne reports one without); nothing to offer rows from otherwise
    if (list) p.field.ref = { entity: p.entity, label: p.label, multiple: p.multiple, list };
  }
}
