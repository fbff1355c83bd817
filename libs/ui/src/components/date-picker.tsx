import dayjs from 'dayjs';
import { CalendarDays, Clock } from 'lucide-react';
import * as React from 'react';
import type { DateRange, Matcher } from 'react-day-picker';

import { useControllableValue } from '../lib/use-controllable-value';
import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';
import { Button } from './button';
import { Calendar } from './calendar';
import {
  ClearButton,
  controlAria,
  controlBoxClassName,
  controlTriggerClassName,
  type FormControlProps,
} from './control-parts';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from './popover';

/** The platform's date and date-time formats. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_VALUE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Parse a value string ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss' or ISO); undefined when empty or invalid. */
export function parseDateValue(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.toDate() : undefined;
}

/** Format a date as the platform's value string. */
export function formatDateValue(date: Date, format = DATE_FORMAT): string {
  return dayjs(date).format(format);
}

function limits(min?: string, max?: string): Matcher[] {
  const out: Matcher[] = [];
  const minDate = parseDateValue(min);
  const maxDate = parseDateValue(max);
  if (minDate) out.push({ before: dayjs(minDate).startOf('day').toDate() });
  if (maxDate) out.push({ after: dayjs(maxDate).startOf('day').toDate() });
  return out;
}

type PickerBaseProps = FormControlProps & {
  placeholder?: string;
  /** Earliest selectable date (a value string). */
  min?: string;
  /** Latest selectable date (a value string). */
  max?: string;
  /** Clear button. Default true. */
  clearable?: boolean;
  /** dayjs format of the value. */
  valueFormat?: string;
  /** dayjs format shown in the trigger. Default the value format. */
  format?: string;
};

type PickerShellProps = FormControlProps & {
  slot: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  display: React.ReactNode;
  placeholder?: string;
  icon: React.ReactNode;
  canClear: boolean;
  onClear: () => void;
  children: React.ReactNode;
};

/** Box + trigger + clear button + popover shared by the date pickers. */
function PickerShell({
  slot,
  open,
  onOpenChange,
  display,
  placeholder,
  icon,
  canClear,
  onClear,
  children,
  className,
  disabled,
  name,
  onBlur,
  ref,
  ...rest
}: PickerShellProps) {
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) onBlur?.();
      }}
    >
      <PopoverAnchor asChild>
        <div
          data-slot={slot}
          data-disabled={disabled || undefined}
          className={cn(controlBoxClassName, className)}
        >
          <PopoverTrigger asChild>
            <button
              type="button"
              ref={ref}
              name={name}
              data-slot={`${slot}-trigger`}
              disabled={disabled}
              className={controlTriggerClassName}
              role="combobox"
              {...controlAria(rest)}
              onBlur={() => {
                if (!open) onBlur?.();
              }}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  onOpenChange(true);
                }
              }}
            >
              <span className="text-muted-foreground">{icon}</span>
              {display ? (
                <span data-slot={`${slot}-value`} className="truncate tabular-nums">
                  {display}
                </span>
              ) : (
                <span className="truncate text-muted-foreground">{placeholder}</span>
              )}
            </button>
          </PopoverTrigger>
          {canClear && !disabled ? (
            <ClearButton
              onClick={() => {
                onClear();
                onBlur?.();
              }}
            />
          ) : null}
        </div>
      </PopoverAnchor>
      <PopoverContent
        data-slot={`${slot}-content`}
        aria-label={rest['aria-label'] ?? placeholder}
        align="start"
        className="w-auto p-0"
        onOpenAutoFocus={(event) => event.preventDefault()}
      >
        {children}
      </PopoverContent>
    </Popover>
  );
}

export type DatePickerProps = PickerBaseProps & {
  /** 'YYYY-MM-DD' (or `valueFormat`). */
  value?: string | null;
  defaultValue?: string;
  onChange?: (value: string | undefined) => void;
};

/** Date picker: a calendar in a popover; the value is a 'YYYY-MM-DD' string. */
export function DatePicker({
  value,
  defaultValue,
  onChange,
  placeholder,
  min,
  max,
  clearable = true,
  valueFormat = DATE_FORMAT,
  format,
  ...rest
}: DatePickerProps) {
  const { messages } = useUiLocale();
  const [current, setInner] = useControllableValue<string | undefined>(value, defaultValue, undefined);
  const [open, setOpen] = React.useState(false);
  const date = parseDateValue(current);
  const set = (next: string | undefined) => {
    setInner(next);
    onChange?.(next);
  };
  return (
    <PickerShell
      {...rest}
      slot="date-picker"
      open={open}
      onOpenChange={setOpen}
      display={date ? dayjs(date).format(format ?? valueFormat) : ''}
      placeholder={placeholder ?? messages.selectDate}
      icon={<CalendarDays aria-hidden />}
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
          set(formatDateValue(day, valueFormat));
          setOpen(false);
          rest.onBlur?.();
        }}
      />
    </PickerShell>
  );
}

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
