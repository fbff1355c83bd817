import type { EntityManifest } from '@smart/api-sdk/manifest';

import { resourceFromEntity, type EntityOverrides } from './entity-resource';
import type { ResourceDef } from './types';

/**
 * Declare a CRUD resource.
 *
 * From an entity manifest (`@smart/api-sdk/entities`), stating only what differs (docs/architecture.md §4):
 * `defineResource(noticeEntity, { columns: { content: { type: 'richtext', hideInList: true } } })`.
 *
 * Or written out, for pages the contract declares no entity for (dict.resource.tsx, tenant-package.resource.ts):
 * `defineResource<Param, ParamForm>({ name: 'param', columns: [{ prop: 'paramName', … }] })`.
 */
export function defineResource<Row, Form>(
  entity: EntityManifest<Row, Form>,
  overrides?: EntityOverrides<Row, Form>,
): ResourceDef<Row, Form>;
export function defineResource<Row, Form = Row>(def: ResourceDef<Row, Form>): ResourceDef<Row, Form>;
export function defineResource<Row, Form>(
  source: EntityManifest<Row, Form> | ResourceDef<Row, Form>,
  overrides?: EntityOverrides<Row, Form>,
): ResourceDef<Row, Form> {
  return 'fields' in source ? resourceFromEntity(source, overrides) : source;
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
