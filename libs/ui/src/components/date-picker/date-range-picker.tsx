// DateRangePicker: two months side by side; the first click picks the start, the second the end (in either
// order).
import dayjs from 'dayjs';
import { CalendarDays } from 'lucide-react';
import * as React from 'react';
import type { DateRange } from 'react-day-picker';

import { useControllableValue } from '../../lib/use-controllable-value';
import { useUiLocale } from '../../locale/ui-locale';
import { Calendar } from '../calendar';
import { DATE_FORMAT, formatDateValue, limits, parseDateValue } from './date-value';
import { type PickerBaseProps, PickerShell } from './picker-shell';

export type DateRangeValue = [string, string];

export type DateRangePickerProps = PickerBaseProps & {
  /** [start, end] as 'YYYY-MM-DD' strings (or `valueFormat`). */
  value?: DateRangeValue | null;
  defaultValue?: DateRangeValue;
  onChange?: (value: DateRangeValue | undefined) => void;
  /** Months shown side by side. Default 2. */
  numberOfMonths?: number;
};

/** Date range picker: two months; the first click picks the start, the second the end. */
export function DateRangePicker({
  value,
  defaultValue,
  onChange,
  placeholder,
  min,
  max,
  clearable = true,
  valueFormat = DATE_FORMAT,
  format,
  numberOfMonths = 2,
  ...rest
}: DateRangePickerProps) {
  const { messages } = useUiLocale();
  const [current, setInner] = useControllableValue<DateRangeValue | undefined>(
    value,
    defaultValue,
    undefined,
  );
  const [open, setOpen] = React.useState(false);
  const [pendingStart, setPendingStart] = React.useState<Date | null>(null);
  const from = parseDateValue(current?.[0]);
  const to = parseDateValue(current?.[1]);
  const set = (next: DateRangeValue | undefined) => {
    setInner(next);
    onChange?.(next);
  };
  const selected: DateRange | undefined = pendingStart
    ? { from: pendingStart, to: undefined }
    : from
      ? { from, to }
      : undefined;
  const show = (d: Date | undefined) => (d ? dayjs(d).format(format ?? valueFormat) : '');
  const display = from || to ? `${show(from)} ${messages.rangeSeparator} ${show(to)}` : '';
  return (
    <PickerShell
      {...rest}
      slot="date-range-picker"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setPendingStart(null);
      }}
      display={display}
      placeholder={placeholder ?? `${messages.startDate} ${messages.rangeSeparator} ${messages.endDate}`}
      icon={<CalendarDays aria-hidden />}
      canClear={clearable && !!(from || to)}
      onClear={() => set(undefined)}
    >
      <Calendar
        mode="range"
        autoFocus
        numberOfMonths={numberOfMonths}
        selected={selected}
        defaultMonth={from ?? parseDateValue(min)}
        disabled={limits(min, max)}
        onSelect={(_range, day) => {
          if (!pendingStart) {
            setPendingStart(day);
            return;
          }
          const [start, end] = day < pendingStart ? [day, pendingStart] : [pendingStart, day];
          setPendingStart(null);
          set([formatDateValue(start, valueFormat), formatDateValue(end, valueFormat)]);
          setOpen(false);
          rest.onBlur?.();
        }}
      />
    </PickerShell>
  );
}
