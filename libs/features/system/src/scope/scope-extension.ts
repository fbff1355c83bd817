import { menuTree } from '@smart/api-sdk';
import type { EntityPageExtension, RemoteOptions } from '@smart/crud';
import { treeOptions } from '../shared/tree-options';

/** The menus a rule can belong to (menu.yaml `tree`: pages and their groups, no buttons), read once per session. */
const menus: RemoteOptions = {
  key: ['menu', 'tree'],
  load: (signal) => menuTree(undefined, undefined, signal).then(treeOptions),
};

const columns = {
  menuId: { type: 'tree' as const, remoteOptions: menus, width: 160 },
  scopeName: { width: 220 },
};

/*
 * The data-scope and API-scope pages (scope.yaml) stay the kit's generic ones. A rule belongs to a menu, which the
 * form picks in the menu tree and the list names first; the search narrows the list to one menu's rules, the
 * per-menu view the role grant dialog shows them in (role/RolePermissionDialog.tsx).
 */
export const dataScopePage: EntityPageExtension = {
  listColumns: ['menuId', 'scopeName', 'resourceCode', 'scopeColumn', 'scopeType', 'scopeField', 'remark'],
  columns,
};

export const apiScopePage: EntityPageExtension = {
  listColumns: ['menuId', 'scopeName', 'resourceCode', 'scopePath', 'scopeType', 'remark'],
  columns,
};
