/** The view of a menu (contract `Menu`), the order of siblings, and the forests and grant trees built of menus. */
import type { MenuRow } from '../../../auth/permissions';
import { forest, treeNode, type TreeNode } from '../../../crud/tree';

/** Labels of `category`, `action` and `isOpen` (the detail's `categoryName`, `actionName`, `isOpenName`). */
export const CATEGORY: Record<number, string> = { 1: '菜单', 2: '按钮' };
export const ACTION: Record<number, string> = { 1: '工具栏', 2: '操作栏', 3: '工具操作栏' };
export const YES_NO: Record<number, string> = { 1: '否', 2: '是' };

export interface MenuVO {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string;
  isDeleted: number;
  children?: MenuVO[];
  hasChildren: boolean;
  parentName: string;
  categoryName: string;
  actionName: string;
  isOpenName: string;
}

export const toVO = (m: MenuRow): MenuVO => ({
  id: m.id.toString(),
  parentId: m.parentId.toString(),
  code: m.code,
  name: m.name,
  alias: m.alias,
  path: m.path,
  source: m.source,
  sort: m.sort,
  category: m.category,
  action: m.action,
  isOpen: m.isOpen,
  remark: m.remark,
  isDeleted: m.isDeleted,
  hasChildren: false,
  parentName: '',
  categoryName: '',
  actionName: '',
  isOpenName: '',
});

export const bySort = (a: MenuRow, b: MenuRow) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Forest by parentId; a node whose parent is not in the set becomes a root. Siblings by sort, then id. */
export function buildForest(rows: MenuRow[]): MenuVO[] {
  return forest([...rows].sort(bySort).map(toVO));
}

export const menuTree = (rows: MenuRow[]): TreeNode[] =>
  forest([...rows].sort(bySort).map((m) => treeNode(m.id.toString(), m.parentId.toString(), m.name)));
