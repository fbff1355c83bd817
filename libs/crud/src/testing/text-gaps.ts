import { isRangeColumn } from '../search-params';
import type { CrudColumn, ResourceDef } from '../types';

/** Form controls that draw no placeholder (crud-field.tsx): a choice laid out, a switch, a file. */
const NO_PLACEHOLDER = new Set(['radio', 'switch', 'daterange', 'upload', 'avatar']);

/**
 * Whether a column shows a placeholder anywhere: in an add or edit dialog (a view shows values, no placeholders), or
 * in the search bar (where a switch is a select).
 */
export function showsPlaceholder<Row, Form>(column: CrudColumn<Row, Form>, editable = true): boolean {
  const inForm = editable && column.hideInForm !== true && !NO_PLACEHOLDER.has(column.type ?? 'input');
  const inSearch = !!column.search && !isRangeColumn(column);
  return inForm || inSearch;
}

/**
 * The texts of a resource that are not one catalogue key of their own in every given catalogue (`t` answers the
 * key itself when it has no text): a placeholder shown without a key, a required rule without a message key, or a
 * key missing in a language. The kit would word those from the label at run time (crud-field.tsx,
 * crud-form-dialog.tsx); feature tests assert this is empty, so every text a page shows is translated as a whole.
 */
export function textGaps<Row, Form>(
  resource: ResourceDef<Row, Form>,
  ...catalogues: ((key: string) => string)[]
): string[] {
  const gaps: string[] = [];
  const editable = resource.actions?.add !== false || resource.actions?.edit !== false;
  const check = (where: string, key: string) =>
    catalogues.forEach((t, i) => {
      if (t(key) === key) gaps.push(`${where}: ${key} missing in catalogue ${i}`);
    });
  for (const column of resource.columns) {
    const where = `${resource.name}.${String(column.prop)}`;
    if (showsPlaceholder(column, editable)) {
      if (column.placeholder) check(where, column.placeholder);
      else gaps.push(`${where}: no placeholder key`);
    }
    const required = column.rules?.required;
    if (typeof required === 'string') check(where, required);
    else if (required === true) gaps.push(`${where}: a required rule without a message key`);
  }
  return gaps;
}
