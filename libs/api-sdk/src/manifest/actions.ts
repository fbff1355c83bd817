/**
 * `x-entity.actions` and `x-entity.alsoTags`: the writes of an entity beyond its CRUD operations, each with the page
 * button it needs, and the further tags those writes may sit under.
 */
import type { EntityActionKind, EntityButtonKind, EntityOperationRole } from './types';
import { isObj, type ContractDocument, type Json, type Operation } from './contract-schema';

const ACTION_KINDS: readonly EntityActionKind[] = ['add', 'edit', 'delete', 'submit'];

/**
 * `x-entity.actions`: operation id → `add` | `edit` | `delete` | `submit`. Each names a write of the tag (or of one of
 * `x-entity.alsoTags`) that is not one of the entity's CRUD operations, and a kind whose buttons the entity declares
 * (else nobody but an administrator could call it; `submit` needs both add and edit).
 */
export function readActions(
  raw: unknown,
  where: string,
  tags: readonly string[],
  ops: Map<string, Operation>,
  crud: Partial<Record<EntityOperationRole, string>>,
  buttons: Partial<Record<EntityButtonKind, string>>,
  errors: string[],
): Record<string, EntityActionKind> | undefined {
  if (raw === undefined) return undefined;
  if (!isObj(raw))
    return (errors.push(`${where}.actions: operation id → add, edit, delete or submit`), undefined);
  const out: Record<string, EntityActionKind> = {};
  const crudIds = new Set(Object.values(crud));
  for (const [id, kind] of Object.entries(raw)) {
    const at = `${where}.actions.${id}`;
    const op = ops.get(id);
    if (!op) errors.push(`${at}: no such operation`);
    else if (!((op.op.tags as string[] | undefined) ?? []).some((t) => tags.includes(t)))
      errors.push(`${at}: not tagged ${tags.join(' or ')}`);
    else if (crudIds.has(id)) errors.push(`${at}: already one of the entity's operations`);
    else if (!ACTION_KINDS.includes(kind as EntityActionKind))
      errors.push(`${at}: add, edit, delete or submit`);
    else if (
      kind === 'submit'
        ? !buttons.add || !buttons.edit
        : !buttons[kind as Exclude<EntityActionKind, 'submit'>]
    )
      errors.push(
        `${at}: the entity declares no ${kind === 'submit' ? 'add and edit buttons' : `${String(kind)} button`}`,
      );
    else out[id] = kind as EntityActionKind;
  }
  return out;
}

/**
 * `x-entity.alsoTags`: further tags whose operations act on this entity's rows (the same rows served under a second
 * path, as the Yingdao credentials under smart-system and smart-yingdao); their writes are listed in `actions`. Each
 * must be a tag of the contract that declares no entity of its own.
 */
export function readAlsoTags(doc: ContractDocument, raw: unknown, where: string, errors: string[]): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.some((t) => typeof t !== 'string'))
    return (errors.push(`${where}.alsoTags: must be a list of tag names`), []);
  const tags = new Map(((doc.tags ?? []) as Json[]).map((t) => [String(t.name), t]));
  return (raw as string[]).filter((t) => {
    const tag = tags.get(t);
    if (!tag) errors.push(`${where}.alsoTags: no tag ${t}`);
    else if (tag['x-entity'] !== undefined)
      errors.push(`${where}.alsoTags: ${t} declares an entity of its own`);
    else return true;
    return false;
  });
}
