// The controls the CRUD kit loads on demand (see lazy-controls.tsx), gathered in one chunk.
export { AvatarUpload } from '../components/avatar-upload';
export { Cascader } from '../components/cascader';
export { ColourPicker } from '../components/colour-picker';
export { DatePicker, DateRangePicker, DateTimePicker } from '../components/date-picker';
export { MultiSelect } from '../components/multi-select';
export { TreeSelect } from '../components/tree-select';
export { Upload } from '../components/upload';
