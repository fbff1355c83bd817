/**
 * Seed step `permissions`: the operator (运维) and guest (访客) roles of tenant 000000 with their menu grants,
 * example data-scope rules on the parameter list (one per type) and example API-scope rules on the scope
 * management APIs. Fixed ids, ON CONFLICT DO NOTHING (see STEPS in seed.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from './index';
import { menu, role, roleMenu } from './schema';
import { roleScope, scopeApi, scopeData } from './schema-perm';
import { ADMIN_TENANT, SEED_IDS } from './seed-data';

export const PERM_IDS = {
  roleOperator: 1123598816738675210n,
  roleGuest: 1123598816738675211n,
  /** data-scope rules of the parameter list, types 1 … 5 */
  dataParamAll: 1123598818738675201n,
  dataParamOwn: 1123598818738675202n,
  dataParamDept: 1123598818738675203n,
  dataParamDeptChildren: 1123598818738675204n,
  dataParamCustom: 1123598818738675205n,
  /** user list: my department and children, on the users' dept_id list */
  dataUserDeptChildren: 1123598818738675211n,
  apiDataScope: 1123598819738675201n,
  apiApiScope: 1123598819738675202n,
} as const;

/** Buttons of the parameter page (seed-data.ts). */
const PARAM_ADD = 1123598815738675291n;
const PARAM_EDIT = 1123598815738675292n;
const PARAM_VIEW = 1123598815738675294n;

/** Menus and buttons of the seeded roles: the operator views and edits parameters, the guest only views them. */
export const OPERATOR_MENUS = [SEED_IDS.menuSystem, SEED_IDS.menuParam, PARAM_ADD, PARAM_EDIT, PARAM_VIEW];
export const GUEST_MENUS = [SEED_IDS.menuSystem, SEED_IDS.menuParam, PARAM_VIEW];

const audit = {
  createUser: SEED_IDS.userAdmin,
  createDept: SEED_IDS.deptAdmin,
  updateUser: SEED_IDS.userAdmin,
};

export const permSeedStep = {
  name: 'permissions',
  async run(tx: Db): Promise<void> {
    await tx
      .insert(role)
      .values([
        {
          id: PERM_IDS.roleOperator,
          tenantId: ADMIN_TENANT,
          roleName: '运维',
          roleAlias: 'operator',
          sort: 3,
          ...audit,
        },
        {
          id: PERM_IDS.roleGuest,
          tenantId: ADMIN_TENANT,
          roleName: '访客',
          roleAlias: 'guest',
          sort: 4,
          ...audit,
        },
      ])
      .onConflictDoNothing();
    const grants = [
      ...OPERATOR_MENUS.map((menuId, i) => ({
        id: PERM_IDS.roleOperator + BigInt(1000 + i),
        roleId: PERM_IDS.roleOperator,
        menuId,
      })),
      ...GUEST_MENUS.map((menuId, i) => ({
        id: PERM_IDS.roleGuest + BigInt(5000 + i),
        roleId: PERM_IDS.roleGuest,
        menuId,
      })),
    ];
    await tx.insert(roleMenu).values(grants).onConflictDoNothing();

    const rule = (id: bigint, scopeType: number, label: string, scopeColumn: string, scopeValue = '') => ({
      id,
      menuId: SEED_IDS.menuParam,
      resourceCode: 'param',
      scopeName: `参数管理 [${label}]`,
      scopeField: '*',
      scopeClass: 'smart.system.param.list',
      scopeColumn,
      scopeType,
      scopeValue,
      ...audit,
    });
    await tx
      .insert(scopeData)
      .values([
        rule(PERM_IDS.dataParamAll, 1, '全部可见', '-'),
        rule(PERM_IDS.dataParamOwn, 2, '本人可见', 'create_user'),
        rule(PERM_IDS.dataParamDept, 3, '所在机构可见', 'create_dept'),
        rule(PERM_IDS.dataParamDeptChildren, 4, '所在机构及子级可见', 'create_dept'),
        rule(PERM_IDS.dataParamCustom, 5, '自定义', 'create_user', '${userId}'),
      ])
      .onConflictDoNothing();
    // the user page (its menu from the catalogue when present): departments are the users' own dept_id list
    const [userMenu] = await tx
      .select({ id: menu.id })
      .from(menu)
      .where(and(eq(menu.code, 'user'), eq(menu.isDeleted, 0)))
      .limit(1);
    await tx
      .insert(scopeData)
      .values({
        ...rule(PERM_IDS.dataUserDeptChildren, 4, '所在机构及子级可见', 'dept_id'),
        menuId: userMenu?.id ?? SEED_IDS.menuSystem,
        resourceCode: 'user',
        scopeName: '用户管理 [所在机构及子级可见]',
        scopeClass: 'smart.user.page',
      })
      .onConflictDoNothing();
    // the operator sees the parameters of their department and its children, the guest only their own
    await tx
      .insert(roleScope)
      .values([
        {
          id: PERM_IDS.roleOperator + 2000n,
          roleId: PERM_IDS.roleOperator,
          scopeCategory: 1,
          scopeId: PERM_IDS.dataParamDeptChildren,
        },
        {
          id: PERM_IDS.roleGuest + 6000n,
          roleId: PERM_IDS.roleGuest,
          scopeCategory: 1,
          scopeId: PERM_IDS.dataParamOwn,
        },
      ])
      .onConflictDoNothing();

    // the scope rule management APIs: nobody but the administrator until a role is granted them
    await tx
      .insert(scopeApi)
      .values([
        {
          id: PERM_IDS.apiDataScope,
          menuId: SEED_IDS.menuSystem,
          resourceCode: 'data_scope',
          scopeName: '数据权限 [接口]',
          scopePath: '/api/smart-system/data-scope/**',
          scopeType: 1,
          ...audit,
        },
        {
          id: PERM_IDS.apiApiScope,
          menuId: SEED_IDS.menuSystem,
          resourceCode: 'api_scope',
          scopeName: '接口权限 [接口]',
          scopePath: '/api/smart-system/api-scope/**',
          scopeType: 1,
          ...audit,
        },
      ])
      .onConflictDoNothing();
  },
};
