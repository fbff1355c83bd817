import type { ImportResult } from '@smart/api-sdk';
import { useTranslation } from 'react-i18next';
import { CountTile } from './count-tile';

/** An import's counts (inserted, duplicates skipped, refused) and the refused rows with their reasons. */
export function ImportSummary({ result }: { result: ImportResult }) {
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
          {result.errors.map((e) => (
            <li key={e.row} className="break-words">
              {t('automation.pool.errorRow', { row: e.row, reason: e.reason })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
