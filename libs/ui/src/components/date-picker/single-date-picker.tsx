// DatePicker: one calendar in a popover; the value is a 'YYYY-MM-DD' string.
import dayjs from 'dayjs';
import { CalendarDays } from 'lucide-react';
import * as React from 'react';

import { useControllableValue } from '../../lib/use-controllable-value';
import { useUiLocale } from '../../locale/ui-locale';
import { Calendar } from '../calendar';
import { DATE_FORMAT, formatDateValue, limits, parseDateValue } from './date-value';
import { type PickerBaseProps, PickerShell } from './picker-shell';

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
