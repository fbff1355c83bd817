// @smart/crud public API: the CRUD kit (docs/architecture.md §1, §4). In-memory backend for tests: '@smart/crud/testing'.
export { CrudProvider, useCrudContext, useOptions, type CrudContextValue } from './crud-context';
export { CrudCell, CrudControl, type CrudControlProps } from './crud-field';
export {
  CrudFormDialog,
  isHiddenInForm,
  toRegisterOptions,
  type CrudFormDialogProps,
} from './crud-form-dialog';
export {
  CrudPage,
  type CrudPageProps,
  type CrudRowActionContext,
  type CrudToolbarContext,
} from './crud-page';
export { CrudSearch, type CrudSearchProps } from './crud-search';
export { defineResource, resourcePermissions, resourceStorageKey } from './define-resource';
export { entityAdapter } from './entity-adapter';
export { entityResource } from './entity-page';
export { actionBySuffix, actionButtons, useCanAct } from './entity-actions';
export { entityPagesFeature } from './entity-pages';
export type { EntityExtensionLoader, EntityPageExtension, EntityRow } from './entity-extension';
export { PageQueryProvider, usePageQuery } from './page-query';
export { hasMenuIcon, MenuIcon, MenuIconsProvider, useMenuIcons } from './menu-icons';
export {
  defineFeature,
  type Feature,
  type FeatureCatalogue,
  type MenuIconComponent,
  type ResolvedFeatureView,
  type ViewLoader,
} from './feature';
export { resourceFromEntity, type EntityOverrides } from './entity-resource';
export { buildExportColumns, EXPORT_MAX_ROWS, EXPORT_PAGE_SIZE, fetchAllRows } from './crud-export';
export { flattenOptions, formatCellValue, joinFieldValue, splitFieldValue } from './field-values';
export { CrudToolbar, type CrudToolbarProps } from './crud-toolbar';
export {
  buildSearchParams,
  DATE_TIME_FORMAT,
  isRangeColumn,
  searchValuesFromQuery,
  type SearchValues,
} from './search-params';
export type {
  CrudActions,
  CrudAdapter,
  CrudExportParams,
  CrudColumn,
  CrudFieldType,
  CrudFormMode,
  CrudListParams,
  CrudListResult,
  CrudPermissions,
  CrudRules,
  CrudRuleValue,
  Option,
  RemoteOptions,
  ResourceDef,
  ResourceTree,
} from './types';
export { refOptions, REF_PAGE_SIZE } from './entity-refs';
export { useColumnOptions, useDropRemoteOptions, useRemoteOptions } from './remote-options';
export { CUSTOMERS, useCustomerOptions } from './customer-options';
