import type { EntityFacts, FieldFacts } from './entities';

/** The control the CRUD kit gives a field in its dialog: what a generated test has to operate. */
export type Control =
  | 'input'
  | 'textarea'
  | 'password'
  | 'number'
  | 'select'
  | 'combobox'
  | 'multiselect'
  | 'tree'
  | 'switch'
  | 'lines'
  | 'date'
  | 'datetime'
  | 'structured';

/** Strings longer than this get a textarea (libs/crud/src/entity-resource.ts LONG_TEXT). */
const LONG_TEXT = 255;

/**
 * The kit's guess of a field's control (libs/crud/src/entity-resource.ts `guessType`, a ref being a searchable
 * select, a tree's parent a tree select), plus `structured` for objects and lists of objects, which no generic
 * control edits (libs/crud/src/entity-page.tsx leaves them out, and so does the generated resource).
 */
export function controlOf(field: FieldFacts, entity: Pick<EntityFacts, 'tree'>): Control {
  if (field.name === entity.tree?.parent) return 'tree';
  if (field.writeOnly) return 'password';
  if (field.ref) return field.ref.multiple ? 'multiselect' : 'combobox';
  if (field.dict || field.enum) return 'select';
  if (field.type === 'integer' || field.type === 'number') return 'number';
  if (field.type === 'boolean') return 'switch';
  if (field.type === 'array') return field.items === 'string' ? 'lines' : 'structured';
  if (field.type === 'object') return 'structured';
  if (field.format === 'date-time') return 'datetime';
  if (field.format === 'date') return 'date';
  if ((field.maxLength ?? 0) > LONG_TEXT) return 'textarea';
  return 'input';
}

/** Whether operators add or edit rows on the page (libs/crud/src/entity-resource.ts `formAbilities`). */
export function formAbilities(entity: EntityFacts): { add: boolean; edit: boolean } {
  const ops = entity.operations;
  return {
    add: !!entity.buttons.add && !!(ops.submit ?? ops.save),
    edit: !!entity.buttons.edit && !!(ops.submit ?? ops.update),
  };
}

/** Bookkeeping columns of the view objects (libs/crud/src/entity-page.tsx BOOKKEEPING). */
const BOOKKEEPING = new Set(['id', 'tenantId', 'isDeleted', 'createUser', 'createDept', 'updateUser']);

/**
 * The fields the generated page lists. An editable entity lists its form fields, as `defineResource` does; an entity
 * nobody adds or edits (a log) has no form field, so the resource names the contract's list columns
 * (`x-entity.columns`), else every view field but the bookkeeping ones.
 */
export function listedFields(entity: EntityFacts): FieldFacts[] {
  const { add, edit } = formAbilities(entity);
  const shown = (f: FieldFacts) => controlOf(f, entity) !== 'structured' && !f.writeOnly;
  if (add || edit) return entity.fields.filter((f) => f.inForm && shown(f));
  const named = entity.columns;
  return named
    ? named.flatMap((name) => entity.fields.filter((f) => f.name === name && shown(f)))
    : entity.fields.filter((f) => !BOOKKEEPING.has(f.name) && shown(f));
}

/** Fields the generated resource patches: `false` for structured ones, list-only ones for a read-only entity. */
export function resourcePatches(entity: EntityFacts): { dropped: string[]; listOnly: string[] } {
  const { add, edit } = formAbilities(entity);
  const dropped = entity.fields
    .filter((f) => f.inForm && controlOf(f, entity) === 'structured')
    .map((f) => f.name);
  const listOnly = add || edit ? [] : listedFields(entity).map((f) => f.name);
  return { dropped, listOnly };
}
