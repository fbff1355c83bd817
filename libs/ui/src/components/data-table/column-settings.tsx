import { ArrowDown, ArrowUp, GripVertical, Settings2 } from 'lucide-react';
import * as React from 'react';

import { cn } from '../../lib/utils';
import { useUiLocale } from '../../locale/ui-locale';
import { Button } from '../button';
import { Checkbox } from '../checkbox';
import { Popover, PopoverContent, PopoverTrigger } from '../popover';
import type { DataTableSettingsController } from './table-state';

export type ColumnSettingsItem = {
  id: string;
  label: string;
  /** false: always shown (no checkbox). Default true. */
  hideable?: boolean;
};

export type ColumnSettingsProps = {
  /** The table's data columns in their declared order. */
  columns: ColumnSettingsItem[];
  settings: Pick<
    DataTableSettingsController,
    'columnVisibility' | 'columnOrder' | 'setColumnVisibility' | 'setColumnOrder' | 'setColumnSizing'
  >;
  className?: string;
};

function ordered(columns: ColumnSettingsItem[], order: string[]): ColumnSettingsItem[] {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const head = order.map((id) => byId.get(id)).filter((c): c is ColumnSettingsItem => !!c);
  const seen = new Set(head.map((c) => c.id));
  return [...head, ...columns.filter((c) => !seen.has(c.id))];
}

/** Popover listing the columns: show/hide checkboxes, reorder by drag or the up/down buttons, and reset. */
export function ColumnSettings({ columns, settings, className }: ColumnSettingsProps) {
  const { messages } = useUiLocale();
  const list = ordered(columns, settings.columnOrder);
  const [dragId, setDragId] = React.useState<string | null>(null);
  const [overId, setOverId] = React.useState<string | null>(null);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= list.length || from === to) return;
    const ids = list.map((c) => c.id);
    const [id] = ids.splice(from, 1);
    if (id === undefined) return;
    ids.splice(to, 0, id);
    settings.setColumnOrder(ids);
  };

  const setVisible = (id: string, visible: boolean) =>
    settings.setColumnVisibility((prev) => {
      const next = { ...prev };
      if (visible) delete next[id];
      else next[id] = false;
      return next;
    });

  const visibleCount = list.filter((c) => settings.columnVisibility[c.id] !== false).length;

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="default"
          size="icon"
          aria-label={messages.columnSettings}
          title={messages.columnSettings}
          data-action="column-settings"
          className={className}
        >
          <Settings2 aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-64 p-2" data-slot="column-settings">
        <div className="flex items-center justify-between px-2 pb-2 text-sm font-medium">
          <span>{messages.columnSettings}</span>
          <Button
            variant="link"
            size="xs"
            onClick={() => {
              settings.setColumnVisibility({});
              settings.setColumnOrder([]);
              settings.setColumnSizing({});
            }}
          >
            {messages.columnsReset}
          </Button>
        </div>
        <ul className="flex max-h-80 flex-col gap-0.5 overflow-y-auto" aria-label={messages.columnSettings}>
          {list.map((column, index) => {
            const visible = settings.columnVisibility[column.id] !== false;
            const hideable = column.hideable !== false;
            const checkboxId = `column-settings-${column.id}`;
            return (
              <li
                key={column.id}
                data-column={column.id}
                draggable
                onDragStart={(e) => {
                  setDragId(column.id);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', column.id);
                }}
                onDragOver={(e) => {
                  if (dragId === null) return;
                  e.preventDefault();
                  setOverId(column.id);
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  const from = list.findIndex((c) => c.id === dragId);
                  if (from >= 0) move(from, index);
                  setDragId(null);
                  setOverId(null);
                }}
                onDragEnd={() => {
                  setDragId(null);
                  setOverId(null);
                }}
                className={cn(
                  'flex items-center gap-2 rounded-sm px-1 py-1 text-sm hover:bg-accent',
                  dragId === column.id && 'opacity-50',
                  overId === column.id && dragId !== column.id && 'bg-accent',
                )}
              >
                <GripVertical aria-hidden className="size-4 shrink-0 cursor-grab text-muted-foreground" />
                <Checkbox
                  id={checkboxId}
                  checked={visible}
                  disabled={!hideable || (visible && visibleCount <= 1)}
                  onCheckedChange={(value) => setVisible(column.id, value === true)}
                />
                <label htmlFor={checkboxId} className="min-w-0 flex-1 truncate">
                  {column.label}
                </label>
                <Button
                  variant="ghost"
                  size="icon-xs"
                  aria-label={messages.moveUp(column.label)}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <ArrowUp aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-xs"
                  aria-label={messages.moveDown(column.label)}
                  disabled={index === list.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ArrowDown aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
