import type { ResourceDef } from './types';

/**
 * Declare a CRUD resource. Identity at runtime; its job is typing:
 * `defineResource<Param, ParamForm>({ name: 'param', columns: [{ prop: 'paramName', … }] })`.
 */
export function defineResource<Row, Form = Row>(def: ResourceDef<Row, Form>): ResourceDef<Row, Form> {
  return def;
}

/** Permission codes of a resource, defaulting to `<name>_add|_edit|_delete|_view`. */
export function resourcePermissions<Row, Form>(def: ResourceDef<Row, Form>) {
  return {
    add: def.permissions?.add ?? `${def.name}_add`,
    edit: def.permissions?.edit ?? `${def.name}_edit`,
    delete: def.permissions?.delete ?? `${def.name}_delete`,
    view: def.permissions?.view ?? `${def.name}_view`,
  };
}

/** Where a resource's table preferences persist: `storageKey`, default `crud:<name>`; undefined when turned off. */
export function resourceStorageKey<Row, Form>(def: ResourceDef<Row, Form>): string | undefined {
  if (def.storageKey === false) return undefined;
  return def.storageKey ?? `crud:${def.name}`;
}
