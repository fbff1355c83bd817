import type { ImportResult } from '@smart/api-sdk';
import { useTranslation } from 'react-i18next';
import { CountTile } from './count-tile';

export interface ImportSummaryProps {
  result: ImportResult;
  /**
   * Where a refused row came from (ImportError.row is its 1-based place in the request): its line of the paste or
   * row of the sheet and its text, so the operator finds it; without it the place in the request is shown.
   */
  source?: (row: number) => { line: number; text: string } | undefined;
  /** What `source` lines are: lines of a paste or rows of a sheet. */
  unit?: 'line' | 'sheet';
}

/** An import's counts (inserted, duplicates skipped, refused) and the refused rows with their reasons. */
export function ImportSummary({ result, source, unit = 'line' }: ImportSummaryProps) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 text-sm" data-slot="import-summary">
      <dl className="grid grid-cols-3 gap-2 text-center">
        <CountTile label={t('automation.pool.inserted')} value={result.inserted} className="text-success" />
        <CountTile
          label={t('automation.pool.duplicated')}
          value={result.duplicated}
          className="text-muted-foreground"
        />
        <CountTile label={t('automation.pool.invalid')} value={result.invalid} className="text-destructive" />
      </dl>
      {result.errors.length > 0 ? (
        <ul className="grid max-h-48 gap-1 overflow-auto">
          {result.errors.map((e) => {
            const from = source?.(e.row);
            return (
              <li key={e.row} className="[overflow-wrap:anywhere]">
                {from
                  ? t(unit === 'sheet' ? 'automation.pool.errorSheetRow' : 'automation.pool.errorLine', {
                      row: from.line,
                      text: from.text,
                      reason: e.reason,
                    })
                  : t('automation.pool.errorRow', { row: e.row, reason: e.reason })}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
