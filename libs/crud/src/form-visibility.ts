import type { CrudColumn, CrudFormMode } from './types';

/** Whether a column is left out of the dialog in this mode (kept apart so the page need not load the dialog). */
export function isHiddenInForm<Row, Form>(column: CrudColumn<Row, Form>, mode: CrudFormMode): boolean {
  const h = column.hideInForm;
  if (typeof h === 'boolean') return h;
  return !!h?.[mode];
}
