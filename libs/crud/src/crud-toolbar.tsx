import { Plus, RefreshCw, Trash } from 'lucide-react';
import type * as React from 'react';

import {
  Button,
  ColumnSettings,
  type ColumnSettingsItem,
  DensityMenu,
  type ExportFormat,
  ExportMenu,
  type DataTableSettingsController,
  cn,
  useUiLocale,
} from '@smart/ui';

export type CrudToolbarProps = {
  /** Each button shows when its handler is given. */
  onAdd?: () => void;
  onBatchDelete?: () => void;
  onExport?: (format: ExportFormat) => void;
  exporting?: boolean;
  onRefresh?: () => void;
  /** With `settings`: the column settings popover and the density switch. */
  columns?: ColumnSettingsItem[];
  settings?: DataTableSettingsController;
  /** Extra content after the add / delete buttons. */
  extra?: React.ReactNode;
  className?: string;
};

/** The CRUD toolbar: add, batch delete, extras; on the right export, refresh, density and column settings. */
export function CrudToolbar({
  onAdd,
  onBatchDelete,
  onExport,
  exporting,
  onRefresh,
  columns,
  settings,
  extra,
  className,
}: CrudToolbarProps) {
  const { messages } = useUiLocale();
  return (
    <div
      data-slot="crud-toolbar"
      role="toolbar"
      className={cn('flex flex-wrap items-center gap-2', className)}
    >
      {onAdd ? (
        <Button variant="primary" data-action="add" onClick={onAdd}>
          <Plus aria-hidden />
          {messages.add}
        </Button>
      ) : null}
      {onBatchDelete ? (
        <Button variant="outline" data-action="batch-delete" onClick={onBatchDelete}>
          <Trash aria-hidden />
          {messages.batchDelete}
        </Button>
      ) : null}
      {extra}
      <div className="ml-auto flex items-center gap-2">
        {onExport ? <ExportMenu onExport={onExport} exporting={exporting} /> : null}
        {onRefresh ? (
          <Button
            variant="default"
            size="icon"
            data-action="refresh"
            aria-label={messages.refresh}
            title={messages.refresh}
            onClick={onRefresh}
          >
            <RefreshCw aria-hidden />
          </Button>
        ) : null}
        {settings ? <DensityMenu value={settings.density} onChange={settings.setDensity} /> : null}
        {settings && columns ? <ColumnSettings columns={columns} settings={settings} /> : null}
      </div>
    </div>
  );
}
