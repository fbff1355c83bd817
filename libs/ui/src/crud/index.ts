export { CrudProvider, useCrudContext, useOptions, type CrudContextValue } from './crud-context';
export { CrudCell, CrudControl, formatCellValue, type CrudControlProps } from './crud-field';
export {
  CrudFormDialog,
  isHiddenInForm,
  toRegisterOptions,
  type CrudFormDialogProps,
} from './crud-form-dialog';
export { CrudPage, type CrudPageProps } from './crud-page';
export { CrudSearch, type CrudSearchProps } from './crud-search';
export { defineResource, resourcePermissions } from './define-resource';
export { buildSearchParams, DATE_TIME_FORMAT, isRangeColumn, type SearchValues } from './search-params';
export type {
  CrudActions,
  CrudAdapter,
  CrudColumn,
  CrudFieldType,
  CrudFormMode,
  CrudListParams,
  CrudListResult,
  CrudPermissions,
  CrudRules,
  CrudRuleValue,
  Option,
  ResourceDef,
} from './types';
