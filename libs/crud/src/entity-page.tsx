import type { EntityManifest } from '@smart/api-sdk/manifest';
import type { ComponentType } from 'react';

import { CrudPage } from './crud-page';
import { defineResource } from './define-resource';
import { entityAdapter } from './entity-adapter';
import type { EntityOverrides } from './entity-resource';

/** Bookkeeping fields of the view objects that an operator does not read in a list. */
const BOOKKEEPING = new Set(['id', 'tenantId', 'isDeleted', 'createUser', 'createDept', 'updateUser']);

/**
 * The page of a declared entity that no feature overrides (docs/architecture.md §4): the resource the manifest gives,
 * as it is. An entity without a form (a log) lists its view fields instead, read-only.
 */
export function entityPage(entity: EntityManifest): ComponentType {
  const overrides: EntityOverrides<unknown, unknown> = entity.fields.some((f) => f.inForm)
    ? {}
    : {
        columns: Object.fromEntries(
          entity.fields.filter((f) => !BOOKKEEPING.has(f.name)).map((f) => [f.name, {}]),
        ) as EntityOverrides<unknown, unknown>['columns'],
      };
  const resource = defineResource(entity, overrides);
  const adapter = entityAdapter(entity);
  return function EntityPage() {
    return <CrudPage resource={resource} adapter={adapter} />;
  };
}
