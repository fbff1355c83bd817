import * as React from 'react';
import { toast } from 'sonner';

import {
  orderColumnIds,
  exportRows,
  useUiLocale,
  type DataTableSettingsController,
  type ExportFormat,
} from '@smart/ui';
import { useCrudContext } from './crud-context';
import { buildExportColumns, fetchAllRows } from './crud-export';
import { flattenTree } from './crud-tree';
import type { CrudAdapter, CrudColumn, CrudExportParams, ResourceDef } from './types';

export interface CrudExportOptions<Row, Form> {
  resource: ResourceDef<Row, Form>;
  adapter: CrudAdapter<Row, Form>;
  /** The list's current search and sort, without paging. */
  filters: CrudExportParams;
  /** A tree exports every loaded row, each parent before its children. */
  tree: boolean;
  /** The columns the list shows, before the operator's order and visibility. */
  shownColumns: readonly CrudColumn<Row, Form>[];
  settings: DataTableSettingsController;
}

/**
 * The toolbar's export: every row matching the current search and sort, in the visible columns and their order,
 * with dictionary labels. One export at a time; failures of the list call were reported by the HTTP layer.
 */
export function useCrudExport<Row, Form>({
  resource,
  adapter,
  filters,
  tree,
  shownColumns,
  settings,
}: CrudExportOptions<Row, Form>) {
  const crud = useCrudContext();
  const { messages } = useUiLocale();
  const [exporting, setExporting] = React.useState(false);

  const onExport = async (format: ExportFormat) => {
    if (exporting) return;
    setExporting(true);
    try {
      let rows: Row[];
      try {
        rows = await fetchAllRows(adapter, filters);
        if (tree) rows = flattenTree(rows);
      } catch {
        return; // the adapter's HTTP layer already reported it
      }
      if (rows.length === 0) {
        toast.warning(messages.exportEmpty);
        return;
      }
      const visible = orderColumnIds(
        shownColumns.map((c) => c.prop as string),
        settings.columnOrder,
        settings.columnVisibility,
      );
      const columns = await buildExportColumns(visible, resource.columns, crud, messages);
      await exportRows({
        format,
        rows,
        columns,
        filename: resource.title ? crud.t(resource.title) : resource.name,
      });
      toast.success(messages.exportSuccess(rows.length));
    } catch {
      toast.error(messages.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  return { exporting, onExport };
}
