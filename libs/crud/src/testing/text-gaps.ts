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
 * The columns of a resource whose placeholder is not one catalogue key of their own in every given catalogue
 * (`t` answers the key itself when it has no text): the kit would word those from the label at run time.
 * Feature tests assert this is empty, so every placeholder a page shows is translated as a whole.
 */
export function placeholderGaps<Row, Form>(
  resource: ResourceDef<Row, Form>,
  ...catalogues: ((key: string) => string)[]
): string[] {
  const gaps: string[] = [];
  const editable = resource.actions?.add !== false || resource.actions?.edit !== false;
  for (const column of resource.columns) {
    if (!showsPlaceholder(column, editable)) continue;
    const where = `${resource.name}.${String(column.prop)}`;
    if (!column.placeholder) gaps.push(`${where}: no placeholder key`);
    else
      catalogues.forEach((t, i) => {
        if (t(column.placeholder!) === column.placeholder)
          gaps.push(`${where}: ${column.placeholder} missing in catalogue ${i}`);
      });
  }
  return gaps;
}
