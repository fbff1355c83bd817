// Texts of the /test/index session check page; they load with that page, not with /login. zh and en hold the same
// keys (catalogue.test.ts).
import { addCatalogue } from './index';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const sessionCheckZh = {
  sessionCheck: {
    intro: '检查当前登录:账号、租户、角色和按钮权限。',
    session: '会话信息',
    account: '账号',
    userName: '用户名',
    userId: '用户编号',
    tenant: '租户',
    roles: '角色',
    dept: '部门编号',
    tokenSavedAt: '令牌保存时间',
    tokenAge: '令牌已用时长',
    tokenRefresh: '自动刷新时长',
    seconds: '{{count}} 秒',
    none: '无',
    permissions: '按钮权限',
    permissionCount: '共 {{count}} 项',
    noPermissions: '当前账号没有按钮权限',
    menus: '菜单',
    menuCount: '顶级菜单 {{count}} 个',
  },
};

export const sessionCheckEn: Shape<typeof sessionCheckZh> = {
  sessionCheck: {
    intro: 'Checks the current sign-in: account, tenant, roles and button permissions.',
    session: 'Session',
    account: 'Account',
    userName: 'User name',
    userId: 'User id',
    tenant: 'Tenant',
    roles: 'Roles',
    dept: 'Department id',
    tokenSavedAt: 'Token saved at',
    tokenAge: 'Token age',
    tokenRefresh: 'Refreshed after',
    seconds: '{{count}} s',
    none: 'None',
    permissions: 'Button permissions',
    permissionCount: '{{count}} in all',
    noPermissions: 'This account has no button permissions',
    menus: 'Menus',
    menuCount: '{{count}} top-level menus',
  },
};

addCatalogue({ zh: sessionCheckZh, en: sessionCheckEn });
