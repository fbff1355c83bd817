import type { EntityManifestData } from '@smart/api-sdk/manifest';
import { DateRangePicker, Field } from '@smart/ui';
import { useTranslation } from 'react-i18next';
import { TaskPicker } from '../TaskPicker';
import { MAX_RANGE_DAYS, spanDays, type LogFilter } from './log-range';

export interface LogFilterFieldsProps {
  entity: EntityManifestData;
  value: LogFilter;
  onChange: (value: LogFilter) => void;
}

/** Whether the server would take the range (at most 31 days). */
export const rangeError = (f: LogFilter) => spanDays(f.days) > MAX_RANGE_DAYS;

/** The days and the comment task a count or an export of the comment logs covers. */
export function LogFilterFields({ entity, value, onChange }: LogFilterFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label={t('automation.logs.days')}
        error={rangeError(value) ? t('automation.logs.tooLong', { max: MAX_RANGE_DAYS }) : undefined}
      >
        {(control) => (
          <DateRangePicker
            {...control}
            value={value.days}
            onChange={(days) => days && onChange({ ...value, days: days as [string, string] })}
          />
        )}
      </Field>
      <TaskPicker
        entity={entity}
        value={value.commId}
        onChange={(commId) => onChange({ ...value, commId })}
      />
    </div>
  );
}
