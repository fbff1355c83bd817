// Public exports of the table components (one barrel per area, so parallel work does not collide).
export {
  getColumnLabel,
  orderColumnIds,
  type ColumnOrderState,
  type ExpandedState,
  type SortingState,
  type VisibilityState,
} from '../components/data-table';
export {
  ColumnSettings,
  type ColumnSettingsItem,
  type ColumnSettingsProps,
} from '../components/data-table/column-settings';
export { DensityMenu, type DensityMenuProps } from '../components/data-table/density-menu';
export {
  csvField,
  downloadBlob,
  exportFilename,
  exportRows,
  toCsv,
  toXlsx,
  type ExportColumn,
  type ExportFormat,
  type ExportValue,
} from '../components/data-table/export';
export { ExportMenu, type ExportMenuProps } from '../components/data-table/export-menu';
export { ColumnResizeHandle, type ColumnResizeHandleProps } from '../components/data-table/resize-handle';
export { toSnakeCase, toSortParams, type SortParams } from '../components/data-table/sorting';
export {
  DENSITIES,
  useDataTableSettings,
  type DataTableSettings,
  type DataTableSettingsController,
  type Density,
  type UseDataTableSettingsOptions,
} from '../components/data-table/table-state';
export { VirtualRows, type VirtualRowsProps } from '../components/data-table/virtual-rows';
