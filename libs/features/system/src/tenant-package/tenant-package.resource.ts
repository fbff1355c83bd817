import type { TenantPackage } from '@smart/api-sdk';
import { defineResource, type Option, type ResourceDef } from '@smart/crud';
import type { TenantPackageForm } from './tenant-package.adapter';

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
 * The tenant package page of docs/spec.md §2: add, edit, delete and batch delete, no view button. `menus` is the menu
 * tree, loaded by the page, so the list can name the menus and the dialog can offer them.
 */
export function tenantPackageResource(menus: Option[]): ResourceDef<TenantPackage, TenantPackageForm> {
  const names = menuNames(menus);
  return defineResource<TenantPackage, TenantPackageForm>({
    name: 'tenantpackage',
    title: 'system.tenantPackage.title',
    columns: [
      {
        prop: 'packageName',
        label: 'system.tenantPackage.packageName',
        placeholder: 'system.tenantPackage.placeholders.packageName',
        search: true,
        width: 200,
        rules: { required: 'system.tenantPackage.rules.packageName', max: 50 },
      },
      {
        prop: 'menuId',
        label: 'system.tenantPackage.menuId',
        placeholder: 'system.tenantPackage.placeholders.menuId',
        type: 'tree',
        multiple: true,
        options: menus,
        maxTagCount: 6,
        span: 24,
        render: (row) => summary(row.menuId, names),
        rules: { required: 'system.tenantPackage.rules.menuId' },
      },
      {
        prop: 'remark',
        label: 'system.tenantPackage.remark',
        placeholder: 'system.tenantPackage.placeholders.remark',
        type: 'textarea',
        rows: 2,
        span: 24,
        rules: { max: 255 },
      },
    ],
    permissions: {
      add: 'tenantpackage_add',
      edit: 'tenantpackage_edit',
      delete: 'tenantpackage_delete',
      view: 'tenantpackage_view',
    },
    actions: { view: false, edit: true, delete: true },
    dialog: { width: 880, closeOnOutsideClick: false },
  });
}
