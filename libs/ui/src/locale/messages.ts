/** The UI kit's own strings. Apps pass the locale; feature strings come from the CRUD context's `t`. */
export type UiLocale = 'zh' | 'en';

export interface UiMessages {
  search: string;
  reset: string;
  /** The search bar's toggle of the fields it holds back (phones, long searches); `{count}` is how many. */
  moreFilters: string;
  fewerFilters: string;
  add: string;
  edit: string;
  view: string;
  delete: string;
  batchDelete: string;
  refresh: string;
  confirm: string;
  cancel: string;
  save: string;
  close: string;
  actions: string;
  index: string;
  selectAll: string;
  selectRow: string;
  noData: string;
  /** Header of a chart table's first column (the x axis: a day, a month). */
  chartX: string;
  loading: string;
  tip: string;
  selectAtLeastOne: string;
  deleteConfirm: string;
  addSuccess: string;
  updateSuccess: string;
  deleteSuccess: string;
  operationSuccess: string;
  required: (label: string) => string;
  pleaseInput: (label: string) => string;
  pleaseSelect: (label: string) => string;
  startTime: string;
  endTime: string;
  yes: string;
  no: string;
  showPassword: string;
  hidePassword: string;
  // Form controls (number, pickers, upload, colour).
  clear: string;
  increase: string;
  decrease: string;
  removeItem: (label: string) => string;
  moreSelected: (count: number) => string;
  expandNode: (label: string) => string;
  collapseNode: (label: string) => string;
  selectDate: string;
  selectDateTime: string;
  startDate: string;
  endDate: string;
  rangeSeparator: string;
  hour: string;
  minute: string;
  second: string;
  now: string;
  today: string;
  uploadDrop: string;
  uploadHint: (types: string, size: string) => string;
  uploadAccept: (types: string) => string;
  uploadMaxSize: (size: string) => string;
  uploadMaxCount: (count: number) => string;
  uploadFailed: string;
  uploading: string;
  uploadAvatar: string;
  changeAvatar: string;
  colourValue: string;
  colourPresets: string;
  colourInvalid: string;
  pickColour: string;
  total: (total: number) => string;
  pageSize: (size: number) => string;
  pageSizeLabel: string;
  goTo: string;
  page: string;
  pagination: string;
  previousPage: string;
  nextPage: string;
  pageN: (page: number) => string;
  morePages: string;
  // Table features (sorting, resizing, column settings, density, export).
  sortHint: string;
  resizeColumn: (label: string) => string;
  columnSettings: string;
  columnsReset: string;
  moveUp: (label: string) => string;
  moveDown: (label: string) => string;
  density: string;
  densityCompact: string;
  densityDefault: string;
  densityComfortable: string;
  exportData: string;
  exportCsv: string;
  exportExcel: string;
  exportSuccess: (count: number) => string;
  exportEmpty: string;
  exportFailed: string;
  // Tree rows (DataTable with sub rows; the CRUD kit's tree resources).
  expandRow: string;
  collapseRow: string;
  addChild: string;
  /** The phone's menu of a row's further actions. */
  moreActions: string;
  /** The phone's card list: its sort chooser, the choice of no order, and a column's two directions. */
  sortBy: string;
  sortNone: string;
  sortAscending: (label: string) => string;
  sortDescending: (label: string) => string;
  fullscreen: string;
  exitFullscreen: string;
  commandPlaceholder: string;
  noResults: string;
  pageLoading: string;
  // Rich text (the CRUD kit's `richtext` field): its toolbar, named after the field, and the link form.
  richTextToolbar: (label: string) => string;
  richTextBold: string;
  richTextItalic: string;
  richTextUnderline: string;
  richTextStrike: string;
  richTextHeading2: string;
  richTextHeading3: string;
  richTextBulletList: string;
  richTextOrderedList: string;
  richTextBlockquote: string;
  richTextLink: string;
  richTextUndo: string;
  richTextRedo: string;
  richTextLinkUrl: string;
  richTextLinkRemove: string;
  richTextLinkInvalid: string;
}

export const zhMessages: UiMessages = {
  search: '搜索',
  reset: '清空',
  moreFilters: '更多条件 ({count})',
  fewerFilters: '收起条件',
  add: '新增',
  edit: '编辑',
  view: '查看',
  delete: '删除',
  batchDelete: '删除',
  refresh: '刷新',
  confirm: '确定',
  cancel: '取消',
  save: '保存',
  close: '关闭',
  actions: '操作',
  index: '#',
  selectAll: '全选',
  selectRow: '选择此行',
  noData: '暂无数据',
  chartX: '日期',
  loading: '加载中',
  tip: '提示',
  selectAtLeastOne: '请选择至少一条数据',
  deleteConfirm: '确定将选择数据删除?',
  addSuccess: '新增成功',
  updateSuccess: '更新成功',
  deleteSuccess: '删除成功',
  operationSuccess: '操作成功',
  required: (label) => `请输入${label}`,
  pleaseInput: (label) => `请输入${label}`,
  pleaseSelect: (label) => `请选择${label}`,
  startTime: '开始时间',
  endTime: '结束时间',
  yes: '是',
  no: '否',
  showPassword: '显示密码',
  hidePassword: '隐藏密码',
  clear: '清除',
  increase: '增加',
  decrease: '减少',
  removeItem: (label) => `移除 ${label}`,
  moreSelected: (count) => `还有 ${count} 项`,
  expandNode: (label) => `展开 ${label}`,
  collapseNode: (label) => `收起 ${label}`,
  selectDate: '选择日期',
  selectDateTime: '选择日期时间',
  startDate: '开始日期',
  endDate: '结束日期',
  rangeSeparator: '至',
  hour: '时',
  minute: '分',
  second: '秒',
  now: '此刻',
  today: '今天',
  uploadDrop: '将文件拖到此处，或点击上传',
  uploadHint: (types, size) => `只能上传 ${types} 文件，且不超过 ${size}`,
  uploadAccept: (types) => `只能上传 ${types} 文件`,
  uploadMaxSize: (size) => `文件大小不能超过 ${size}`,
  uploadMaxCount: (count) => `最多只能上传 ${count} 个文件`,
  uploadFailed: '上传失败',
  uploading: '上传中',
  uploadAvatar: '上传头像',
  changeAvatar: '更换头像',
  colourValue: '颜色值',
  colourPresets: '预设颜色',
  colourInvalid: '颜色格式不正确',
  pickColour: '选择颜色',
  total: (total) => `共 ${total} 条`,
  pageSize: (size) => `${size}条/页`,
  pageSizeLabel: '每页条数',
  goTo: '前往',
  page: '页',
  pagination: '分页',
  previousPage: '上一页',
  nextPage: '下一页',
  pageN: (page) => `第 ${page} 页`,
  morePages: '更多页',
  sortHint: '点击排序',
  resizeColumn: (label) => `调整列宽:${label}`,
  columnSettings: '列设置',
  columnsReset: '重置',
  moveUp: (label) => `上移 ${label}`,
  moveDown: (label) => `下移 ${label}`,
  density: '密度',
  densityCompact: '紧凑',
  densityDefault: '默认',
  densityComfortable: '宽松',
  exportData: '导出',
  exportCsv: '导出 CSV',
  exportExcel: '导出 Excel',
  exportSuccess: (count) => `已导出 ${count} 条数据`,
  exportEmpty: '没有可导出的数据',
  exportFailed: '导出失败',
  expandRow: '展开',
  collapseRow: '收起',
  addChild: '新增子项',
  moreActions: '更多操作',
  sortBy: '排序',
  sortNone: '默认顺序',
  sortAscending: (label) => `${label} 升序`,
  sortDescending: (label) => `${label} 降序`,
  fullscreen: '全屏',
  exitFullscreen: '退出全屏',
  commandPlaceholder: '输入关键字搜索',
  noResults: '没有匹配的结果',
  pageLoading: '页面加载中',
  richTextToolbar: (label) => `${label}格式`,
  richTextBold: '加粗',
  richTextItalic: '斜体',
  richTextUnderline: '下划线',
  richTextStrike: '删除线',
  richTextHeading2: '二级标题',
  richTextHeading3: '三级标题',
  richTextBulletList: '无序列表',
  richTextOrderedList: '有序列表',
  richTextBlockquote: '引用',
  richTextLink: '链接',
  richTextUndo: '撤销',
  richTextRedo: '重做',
  richTextLinkUrl: '链接地址',
  richTextLinkRemove: '移除链接',
  richTextLinkInvalid: '请输入以 http://、https:// 或 mailto: 开头的地址',
};

export const enMessages: UiMessages = {
  search: 'Search',
  reset: 'Reset',
  moreFilters: 'More filters ({count})',
  fewerFilters: 'Fewer filters',
  add: 'Add',
  edit: 'Edit',
  view: 'View',
  delete: 'Delete',
  batchDelete: 'Delete',
  refresh: 'Refresh',
  confirm: 'Confirm',
  cancel: 'Cancel',
  save: 'Save',
  close: 'Close',
  actions: 'Actions',
  index: '#',
  selectAll: 'Select all',
  selectRow: 'Select row',
  noData: 'No data',
  chartX: 'Date',
  loading: 'Loading',
  tip: 'Notice',
  selectAtLeastOne: 'Please select at least one row',
  deleteConfirm: 'Delete the selected data?',
  addSuccess: 'Added successfully',
  updateSuccess: 'Updated successfully',
  deleteSuccess: 'Deleted successfully',
  operationSuccess: 'Operation successful',
  required: (label) => `Please enter ${label}`,
  pleaseInput: (label) => `Please enter ${label}`,
  pleaseSelect: (label) => `Please select ${label}`,
  startTime: 'Start time',
  endTime: 'End time',
  yes: 'Yes',
  no: 'No',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  clear: 'Clear',
  increase: 'Increase',
  decrease: 'Decrease',
  removeItem: (label) => `Remove ${label}`,
  moreSelected: (count) => `${count} more`,
  expandNode: (label) => `Expand ${label}`,
  collapseNode: (label) => `Collapse ${label}`,
  selectDate: 'Select date',
  selectDateTime: 'Select date and time',
  startDate: 'Start date',
  endDate: 'End date',
  rangeSeparator: 'to',
  hour: 'Hour',
  minute: 'Minute',
  second: 'Second',
  now: 'Now',
  today: 'Today',
  uploadDrop: 'Drop a file here, or click to upload',
  uploadHint: (types, size) => `Only ${types} files up to ${size}`,
  uploadAccept: (types) => `Only ${types} files can be uploaded`,
  uploadMaxSize: (size) => `The file size cannot exceed ${size}`,
  uploadMaxCount: (count) => `At most ${count} files can be uploaded`,
  uploadFailed: 'Upload failed',
  uploading: 'Uploading',
  uploadAvatar: 'Upload avatar',
  changeAvatar: 'Change avatar',
  colourValue: 'Colour value',
  colourPresets: 'Preset colours',
  colourInvalid: 'Invalid colour format',
  pickColour: 'Pick a colour',
  total: (total) => `Total ${total}`,
  pageSize: (size) => `${size} / page`,
  pageSizeLabel: 'Rows per page',
  goTo: 'Go to',
  page: '',
  pagination: 'Pagination',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageN: (page) => `Page ${page}`,
  morePages: 'More pages',
  sortHint: 'Click to sort',
  resizeColumn: (label) => `Resize column ${label}`,
  columnSettings: 'Columns',
  columnsReset: 'Reset',
  moveUp: (label) => `Move ${label} up`,
  moveDown: (label) => `Move ${label} down`,
  density: 'Density',
  densityCompact: 'Compact',
  densityDefault: 'Default',
  densityComfortable: 'Comfortable',
  exportData: 'Export',
  exportCsv: 'Export CSV',
  exportExcel: 'Export Excel',
  exportSuccess: (count) => `Exported ${count} rows`,
  exportEmpty: 'Nothing to export',
  exportFailed: 'Export failed',
  expandRow: 'Expand',
  collapseRow: 'Collapse',
  addChild: 'Add child',
  moreActions: 'More actions',
  sortBy: 'Sort by',
  sortNone: 'Default order',
  sortAscending: (label) => `${label}, ascending`,
  sortDescending: (label) => `${label}, descending`,
  fullscreen: 'Full screen',
  exitFullscreen: 'Exit full screen',
  commandPlaceholder: 'Type to search',
  noResults: 'No results',
  pageLoading: 'Loading page',
  richTextToolbar: (label) => `${label} formatting`,
  richTextBold: 'Bold',
  richTextItalic: 'Italic',
  richTextUnderline: 'Underline',
  richTextStrike: 'Strikethrough',
  richTextHeading2: 'Heading 2',
  richTextHeading3: 'Heading 3',
  richTextBulletList: 'Bulleted list',
  richTextOrderedList: 'Numbered list',
  richTextBlockquote: 'Quote',
  richTextLink: 'Link',
  richTextUndo: 'Undo',
  richTextRedo: 'Redo',
  richTextLinkUrl: 'Link address',
  richTextLinkRemove: 'Remove link',
  richTextLinkInvalid: 'Enter an address starting with http://, https:// or mailto:',
};

export const uiMessages: Record<UiLocale, UiMessages> = { zh: zhMessages, en: enMessages };
