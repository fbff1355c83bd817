/**
 * The row rules of the users' import (contract user.yaml `import-user`): a sheet row (./user-excel.ts) becomes the
 * body the user form would send (`submit`), or the reason it cannot. Roles, departments and posts are named; each
 * name must be one live row of the caller's tenant. The fields' rules and messages are the contract's (the `user`
 * entity's manifest, src/crud/entities.ts), as a form sent through `submit` would meet them; what the write itself
 * checks (the birthday, the account's uniqueness, the quota) stays with the user module's write.
 */
import type { EntityField } from '@smart/api-sdk/manifest';
import { fieldInvalid, fieldRequired, hasNul, textFieldMsg } from '../../../excel/import-rows';
import { NUL_MSG } from '../../../kernel/input-guard';
import type { Body } from './user-form';
import type { UserSheetRow } from './user-excel';

export const duplicateRowMsg = (row: number) => `账号与第 ${row} 行重复`;
export const unknownRoleMsg = (name: string) => `角色不存在: ${name}`;
export const unknownDeptMsg = (name: string) => `部门不存在: ${name}`;
export const unknownPostMsg = (name: string) => `岗位不存在: ${name}`;
export const ambiguousRoleMsg = (name: string) => `角色名称不唯一: ${name}`;
export const ambiguousDeptMsg = (name: string) => `部门名称不唯一: ${name}`;
export const ambiguousPostMsg = (name: string) => `岗位名称不唯一: ${name}`;

/** The `sex` value of "unknown", which the dictionary does not list (contract user.yaml `UserProfileFields.sex`). */
export const SEX_UNKNOWN = -1;
export const SEX_UNKNOWN_LABEL = '未知';

/** Name → the ids of the live rows of that name in the tenant (more than one: the name is ambiguous). */
export type NameIndex = ReadonlyMap<string, readonly string[]>;

/** What the rows are resolved against, read once per import. */
export interface ImportLookups {
  roles: NameIndex;
  depts: NameIndex;
  posts: NameIndex;
  /** Dictionary `sex`: label → key (`未知` included). */
  sexes: ReadonlyMap<string, number>;
  /** Dictionary `user_type`: label → key. */
  userTypes: ReadonlyMap<string, number>;
}

export type RowOutcome = { body: Body } | { msg: string };

/** Names of a cell: comma-separated (ASCII or full-width), blanks dropped, each once. */
export const splitNames = (cell: string): string[] => [
  ...new Set(
    cell
      .split(/[,，]/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

interface NameKind {
  index: keyof Pick<ImportLookups, 'roles' | 'depts' | 'posts'>;
  unknown: (name: string) => string;
  ambiguous: (name: string) => string;
}

const ROLES: NameKind = { index: 'roles', unknown: unknownRoleMsg, ambiguous: ambiguousRoleMsg };
const DEPTS: NameKind = { index: 'depts', unknown: unknownDeptMsg, ambiguous: ambiguousDeptMsg };
const POSTS: NameKind = { index: 'posts', unknown: unknownPostMsg, ambiguous: ambiguousPostMsg };

/** The comma-joined ids the names stand for, or why one of them stands for none or several. */
function resolveNames(
  cell: string,
  kind: NameKind,
  lookups: ImportLookups,
): { ids: string } | { msg: string } {
  const ids: string[] = [];
  for (const name of splitNames(cell)) {
    const found = lookups[kind.index].get(name) ?? [];
    if (found.length === 0) return { msg: kind.unknown(name) };
    if (found.length > 1) return { msg: kind.ambiguous(name) };
    ids.push(found[0]!);
  }
  return { ids: ids.join(',') };
}

/**
 * The user form's body for one sheet row, or the first reason it is refused. The sheet's empty optional cells are
 * empty values (an update through the import clears them, as the edit dialog would); the password is not the
 * row's: the caller adds the tenant's initial password to a new user.
 */
export function rowToBody(
  cells: UserSheetRow,
  lookups: ImportLookups,
  fields: readonly EntityField[],
): RowOutcome {
  const field = (name: string) => fields.find((f) => f.name === name);
  // what no database stores, as the request guard refuses it (src/kernel/input-guard.ts)
  if (Object.values(cells).some(hasNul)) return { msg: NUL_MSG };
  const body: Body = {};
  // the typed fields, with the form's required and length rules
  for (const name of ['account', 'name', 'realName', 'email', 'phone'] as const) {
    const msg = textFieldMsg(field(name), cells[name], name);
    if (msg) return { msg };
    body[name] = cells[name];
  }
  for (const [prop, cell, kind, isRequired] of [
    ['roleId', cells.roles, ROLES, true],
    ['deptId', cells.depts, DEPTS, true],
    ['postId', cells.posts, POSTS, false],
  ] as const) {
    const f = field(prop);
    if (splitNames(cell).length === 0) {
      if (isRequired || f?.required) return { msg: fieldRequired(f, prop) };
      body[prop] = '';
      continue;
    }
    const resolved = resolveNames(cell, kind, lookups);
    if ('msg' in resolved) return resolved;
    if (f?.maxLength !== undefined && resolved.ids.length > f.maxLength)
      return { msg: fieldInvalid(f, prop) };
    body[prop] = resolved.ids;
  }
  if (!cells.userType) return { msg: fieldRequired(field('userType'), 'userType') };
  const userType = lookups.userTypes.get(cells.userType);
  if (userType === undefined) return { msg: fieldInvalid(field('userType'), 'userType') };
  body.userType = userType;
  const sex = cells.sex ? lookups.sexes.get(cells.sex) : SEX_UNKNOWN;
  if (sex === undefined) return { msg: fieldInvalid(field('sex'), 'sex') };
  body.sex = sex;
  // a day, as the edit dialog sends it; the user form reads and checks it (./user-form.ts `profileValues`)
  body.birthday = cells.birthday;
  return { body };
}
