/** The UI kit's own strings. Apps pass the locale; feature strings come from the CRUD context's `t`. */
export type UiLocale = 'zh' | 'en';

export interface UiMessages {
  search: string;
  reset: string;
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
}

export const zhMessages: UiMessages = {
  search: '搜索',
  reset: '清空',
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
};

export const enMessages: UiMessages = {
  search: 'Search',
  reset: 'Reset',
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
};

export const uiMessages: Record<UiLocale, UiMessages> = { zh: zhMessages, en: enMessages };
