// Public exports of the forms components (one barrel per area, so parallel work does not collide).
export {
  AVATAR_ACCEPT,
  AVATAR_MAX_SIZE,
  AvatarUpload,
  type AvatarUploadProps,
} from '../components/avatar-upload';
export { Calendar, CalendarDayButton, type CalendarProps } from '../components/calendar';
export {
  Cascader,
  formatCascaderPath,
  resolveCascaderPath,
  type CascaderOption,
  type CascaderProps,
} from '../components/cascader';
export { Combobox, type ComboboxOption, type ComboboxProps } from '../components/combobox';
export {
  ColourPicker,
  DEFAULT_COLOUR_PRESETS,
  isHexColour,
  normaliseHex,
  type ColourPickerProps,
} from '../components/colour-picker';
export {
  ClearButton,
  controlAria,
  SelectionTags,
  type FormControlProps,
  type SelectionTagsProps,
  type TagItem,
} from '../components/control-parts';
export {
  DATE_FORMAT,
  DATE_TIME_VALUE_FORMAT,
  DatePicker,
  DateRangePicker,
  DateTimePicker,
  formatDateValue,
  parseDateValue,
  type DatePickerProps,
  type DateRangePickerProps,
  type DateRangeValue,
} from '../components/date-picker';
export {
  filterByLabel,
  MultiSelect,
  type MultiSelectOption,
  type MultiSelectProps,
} from '../components/multi-select';
export { clampNumber, NumberInput, type NumberInputProps } from '../components/number-input';
export {
  RadioGroup,
  RadioGroupItem,
  type RadioGroupProps,
  type RadioOption,
} from '../components/radio-group';
export type { SwitchValue } from '../components/switch';
export {
  resolveTree,
  toggleTreeCheck,
  TreeSelect,
  walkTree,
  type ResolvedTreeNode,
  type TreeFieldNames,
  type TreeNodeData,
  type TreeSelectMultipleProps,
  type TreeSelectProps,
  type TreeSelectSingleProps,
} from '../components/tree-select';
export {
  acceptToLabel,
  formatFileSize,
  matchesAccept,
  Upload,
  validateFile,
  type UploadFile,
  type UploadHandler,
  type UploadProps,
  type UploadResult,
  type UploadRules,
} from '../components/upload';
