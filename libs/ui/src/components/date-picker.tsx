// The date pickers: DatePicker (a date), DateTimePicker (a date and a time) and DateRangePicker (two dates), all
// with the platform's value strings. Their parts live under `./date-picker/`.
export {
  DATE_FORMAT,
  DATE_TIME_VALUE_FORMAT,
  formatDateValue,
  parseDateValue,
} from './date-picker/date-value';
export {
  DateRangePicker,
  type DateRangePickerProps,
  type DateRangeValue,
} from './date-picker/date-range-picker';
export { DateTimePicker } from './date-picker/date-time-picker';
export { DatePicker, type DatePickerProps } from './date-picker/single-date-picker';
