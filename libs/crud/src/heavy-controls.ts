// The controls the CRUD kit loads on demand (see lazy-controls.tsx), gathered in one chunk.
export {
  AvatarUpload,
  Cascader,
  ColourPicker,
  Combobox,
  DatePicker,
  DateRangePicker,
  DateTimePicker,
  MultiSelect,
  TreeSelect,
  Upload,
} from '@smart/ui';
