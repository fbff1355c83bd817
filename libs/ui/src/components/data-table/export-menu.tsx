import { Download } from 'lucide-react';

import { useUiLocale } from '../../locale/ui-locale';
import { Button } from '../button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../dropdown-menu';
import type { ExportFormat } from './export';

export type ExportMenuProps = {
  onExport: (format: ExportFormat) => void;
  /** An export is running: the button shows a spinner and is disabled. */
  exporting?: boolean;
  disabled?: boolean;
  /** Default both. */
  formats?: readonly ExportFormat[];
  className?: string;
};

/** "Export" button with a CSV / Excel menu. */
export function ExportMenu({
  onExport,
  exporting = false,
  disabled = false,
  formats = ['csv', 'xlsx'],
  className,
}: ExportMenuProps) {
  const { messages } = useUiLocale();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="default"
          data-action="export"
          loading={exporting}
          disabled={disabled || exporting}
          className={className}
        >
          {exporting ? null : <Download aria-hidden />}
          {messages.exportData}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {formats.includes('csv') ? (
          <DropdownMenuItem onSelect={() => onExport('csv')}>{messages.exportCsv}</DropdownMenuItem>
        ) : null}
        {formats.includes('xlsx') ? (
          <DropdownMenuItem onSelect={() => onExport('xlsx')}>{messages.exportExcel}</DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
