// The value strings of the date pickers: the platform's formats, parsing and formatting, and the calendar's
// disabled days outside `min`/`max`.
import dayjs from 'dayjs';
import type { Matcher } from 'react-day-picker';

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

export function limits(min?: string, max?: string): Matcher[] {
  const out: Matcher[] = [];
  const minDate = parseDateValue(min);
  const maxDate = parseDateValue(max);
  if (minDate) out.push({ before: dayjs(minDate).startOf('day').toDate() });
  if (maxDate) out.push({ after: dayjs(maxDate).startOf('day').toDate() });
  return out;
}
