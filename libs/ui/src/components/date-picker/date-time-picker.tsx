// DateTimePicker: the calendar plus hour, minute and second selects, a "now" and a confirm button.
import dayjs from 'dayjs';
import { Clock } from 'lucide-react';
import * as React from 'react';

import { useControllableValue } from '../../lib/use-controllable-value';
import { useUiLocale } from '../../locale/ui-locale';
import { Button } from '../button';
import { Calendar } from '../calendar';
import { DATE_TIME_VALUE_FORMAT, formatDateValue, limits, parseDateValue } from './date-value';
import { PickerShell } from './picker-shell';
import type { DatePickerProps } from './single-date-picker';

const pad = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, i) => i);
const MINUTES = Array.from({ length: 60 }, (_, i) => i);

const timeSelectClassName =
  'h-8 cursor-pointer rounded-md border border-input bg-background px-1.5 text-sm text-foreground tabular-nums shadow-xs outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/40';

/** Date-time picker: calendar plus hour/minute/second; the value is 'YYYY-MM-DD HH:mm:ss'. */
export function DateTimePicker({
  value,
  defaultValue,
  onChange,
  placeholder,
  min,
  max,
  clearable = true,
  valueFormat = DATE_TIME_VALUE_FORMAT,
  format,
  ...rest
}: DatePickerProps) {
  const { messages } = useUiLocale();
  const [current, setInner] = useControllableValue<string | undefined>(value, defaultValue, undefined);
  const [open, setOpen] = React.useState(false);
  const date = parseDateValue(current);
  const set = (next: Date | undefined) => {
    const text = next ? formatDateValue(next, valueFormat) : undefined;
    setInner(text);
    onChange?.(text);
  };
  const base = dayjs(date ?? dayjs().startOf('day').toDate());
  const setPart = (part: 'hour' | 'minute' | 'second', n: number) => set(base.set(part, n).toDate());
  const timeParts: { part: 'hour' | 'minute' | 'second'; label: string; values: number[] }[] = [
    { part: 'hour', label: messages.hour, values: HOURS },
    { part: 'minute', label: messages.minute, values: MINUTES },
    { part: 'second', label: messages.second, values: MINUTES },
  ];
  return (
    <PickerShell
      {...rest}
      slot="date-time-picker"
      open={open}
      onOpenChange={setOpen}
      display={date ? dayjs(date).format(format ?? valueFormat) : ''}
      placeholder={placeholder ?? messages.selectDateTime}
      icon={<Clock aria-hidden />}
      canClear={clearable && !!date}
      onClear={() => set(undefined)}
    >
      <Calendar
        mode="single"
        autoFocus
        selected={date}
        defaultMonth={date ?? parseDateValue(min)}
        disabled={limits(min, max)}
        onSelect={(day) => {
          if (!day) return;
          const d = dayjs(day);
          set(base.year(d.year()).month(d.month()).date(d.date()).toDate());
        }}
      />
      <div
        data-slot="date-time-picker-time"
        className="flex items-center justify-between gap-2 border-t border-border px-3 py-2"
      >
        <div className="flex items-center gap-1">
          {timeParts.map(({ part, label, values }, index) => (
            <React.Fragment key={part}>
              {index > 0 ? (
                <span aria-hidden className="text-muted-foreground">
                  :
                </span>
              ) : null}
              <select
                data-slot={`date-time-picker-${part}`}
                aria-label={label}
                className={timeSelectClassName}
                value={base.get(part)}
                onChange={(event) => setPart(part, Number(event.target.value))}
              >
                {values.map((n) => (
                  <option key={n} value={n}>
                    {pad(n)}
                  </option>
                ))}
              </select>
            </React.Fragment>
          ))}
        </div>
        <div className="flex gap-1">
          <Button size="xs" variant="ghost" onClick={() => set(new Date())}>
            {messages.now}
          </Button>
          <Button
            size="xs"
            variant="primary"
            onClick={() => {
              setOpen(false);
              rest.onBlur?.();
            }}
          >
            {messages.confirm}
          </Button>
        </div>
      </div>
    </PickerShell>
  );
}
