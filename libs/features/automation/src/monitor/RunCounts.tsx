import { useTranslation } from 'react-i18next';

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * A run's item counts as `27 / 2 / 1` (succeeded / failed / skipped; automation-domain.md §2.1 LOG_GROUP), each in its
 * colour, the whole read out with the planned count.
 */
export function RunCounts({ row }: { row: Record<string, unknown> }) {
  const { t } = useTranslation();
  const success = count(row['successCount']);
  const fail = count(row['failCount']);
  const skip = count(row['skipCount']);
  const planned = count(row['plannedCount']);
  const label = t('automation.monitor.countsLabel', { success, fail, skip, planned });
  return (
    <span data-slot="run-counts" title={label} className="tabular-nums">
      <span aria-hidden data-slot="run-counts-figures">
        <span className="text-success">{success}</span>
        <span className="text-muted-foreground"> / </span>
        <span className={fail > 0 ? 'text-destructive' : 'text-muted-foreground'}>{fail}</span>
        <span className="text-muted-foreground"> / </span>
        <span className="text-muted-foreground">{skip}</span>
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
