import { tenantPackageEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter, type Option } from '@smart/crud';

/** Menu id → name over the whole tree. */
function menuNames(options: Option[], out = new Map<string, string>()): Map<string, string> {
  for (const o of options) {
    out.set(String(o.value), String(o.label));
    if (o.children) menuNames(o.children, out);
  }
  return out;
}

const SHOWN = 5;

/**
 * A package holds dozens of menus and their buttons: the list names its first menus and counts the rest, so a row
 * stays one line. Ids the tree does not name (buttons) are left out.
 */
export function summary(menuId: string | undefined, names: ReadonlyMap<string, string>): string {
  const named = (menuId ?? '')
    .split(',')
    .map((id) => names.get(id.trim()))
    .filter((n): n is string => !!n);
  return named.length <= SHOWN
    ? named.join(', ')
    : `${named.slice(0, SHOWN).join(', ')} +${named.length - SHOWN}`;
}

/**
 * The tenant package page of docs/spec.md §2 (tenant-package.yaml): the contract's fields, filters and buttons (add,
 * edit, delete and batch delete, no view). `menus` is the menu tree, loaded by the page, so the dialog picks menus
 * in a tree and the list names them instead of their ids.
 */
export function tenantPackageResource(menus: Option[]) {
  const names = menuNames(menus);
  return defineResource(tenantPackageEntity, {
    columns: {
      packageName: { width: 200 },
      menuId: {
        type: 'tree',
        multiple: true,
        options: menus,
        maxTagCount: 6,
        span: 24,
        // picked, so worded as a choice (the generated placeholder is a typed one's)
        placeholder: 'system.tenantPackage.placeholders.menuId',
        render: (row) => summary(row.menuId, names),
      },
      remark: { type: 'textarea', rows: 2, span: 24 },
    },
    dialog: { width: 880, closeOnOutsideClick: false },
  });
}

export const tenantPackageAdapter = entityAdapter(tenantPackageEntity);
