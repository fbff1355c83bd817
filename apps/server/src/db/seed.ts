import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import { nextId } from '../util';
import type { Db } from './index';
import { client, dept, dict, menu, param, role, roleMenu, tenant, user } from './schema';
import { ADMIN_TENANT, DEMO_TENANT, SEED_IDS, dicts, menus, params, tenants } from './seed-data';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/**
 * Seeds a fresh database: tenants 000000 and 100001 (each with its admin), the saber client, departments, roles,
 * the menu tree and its grants, dictionaries and parameters. Idempotent: runs in one transaction under an advisory
 * lock and does nothing when tenant 000000 already exists (several instances may start at once).
 */
export async function seed(db: Db): Promise<boolean> {
  const seeded = async (q: Db) =>
    (
      await q
        .select({ id: tenant.id })
        .from(tenant)
        .where(and(eq(tenant.tenantId, ADMIN_TENANT), eq(tenant.isDeleted, 0)))
        .limit(1)
    ).length > 0;
  if (await seeded(db)) return false;
  // hash outside the transaction (slow)
  const adminHash = await hashPassword(md5('admin'));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(86000002)`);
    if (await seeded(tx)) return false;

    const now = new Date();
    const oneYear = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
    const audit = {
      createUser: SEED_IDS.userAdmin,
      createDept: SEED_IDS.deptAdmin,
      updateUser: SEED_IDS.userAdmin,
    };

    await tx.insert(tenant).values(tenants.map((t) => ({ ...t, accountNumber: -1, ...audit })));

    await tx.insert(client).values(
      [
        ['saber', 'saber_secret', SEED_IDS.clientSaber],
        ['sword', 'sword_secret', SEED_IDS.clientSword],
      ].map(([clientId, clientSecret, id]) => ({
        id: id as bigint,
        clientId: clientId as string,
        clientSecret: clientSecret as string,
        scope: 'all',
        authorizedGrantTypes: 'refresh_token,password,authorization_code,captcha,social',
        webServerRedirectUri: 'http://localhost:8080',
        accessTokenValidity: 3600,
        refreshTokenValidity: 604800,
        ...audit,
      })),
    );

    await tx.insert(dept).values([
      {
        id: SEED_IDS.deptAdmin,
        tenantId: ADMIN_TENANT,
        deptName: '刀锋科技',
        fullName: '江苏刀锋科技有限公司',
        ...audit,
      },
      { id: SEED_IDS.deptDemo, tenantId: DEMO_TENANT, deptName: '演示公司', fullName: '演示公司', ...audit },
    ]);

    await tx.insert(role).values([
      {
        id: SEED_IDS.roleAdministrator,
        tenantId: ADMIN_TENANT,
        roleName: '超级管理员',
        roleAlias: 'administrator',
        sort: 1,
        ...audit,
      },
      {
        id: SEED_IDS.roleUser,
        tenantId: ADMIN_TENANT,
        roleName: '用户',
        roleAlias: 'user',
        sort: 2,
        ...audit,
      },
      {
        id: SEED_IDS.roleDemoAdmin,
        tenantId: DEMO_TENANT,
        roleName: '管理员',
        roleAlias: 'admin',
        sort: 1,
        ...audit,
      },
    ]);

    const userBase = {
      password: adminHash,
      account: 'admin',
      name: '管理员',
      realName: '管理员',
      postId: SEED_IDS.postCeo.toString(),
      power: 1000,
      balance: 100,
      expireTime: oneYear,
      userType: 1,
      sex: 1,
    };
    await tx.insert(user).values([
      {
        ...userBase,
        id: SEED_IDS.userAdmin,
        tenantId: ADMIN_TENANT,
        email: 'admin@smart.local',
        phone: '13888888888',
        deptId: SEED_IDS.deptAdmin.toString(),
        roleId: SEED_IDS.roleAdministrator.toString(),
        ...audit,
      },
      {
        ...userBase,
        id: SEED_IDS.userDemoAdmin,
        tenantId: DEMO_TENANT,
        deptId: SEED_IDS.deptDemo.toString(),
        roleId: SEED_IDS.roleDemoAdmin.toString(),
        createUser: SEED_IDS.userDemoAdmin,
        createDept: SEED_IDS.deptDemo,
        updateUser: SEED_IDS.userDemoAdmin,
      },
    ]);

    await tx.insert(menu).values(menus.map((m) => ({ ...m, isOpen: 1 })));
    // administrator sees every menu anyway; grant explicitly so role grants are visible in the data
    const grants = [SEED_IDS.roleAdministrator, SEED_IDS.roleDemoAdmin].flatMap((roleId) =>
      menus.map((m) => ({ id: nextId(), roleId, menuId: m.id })),
    );
    await tx.insert(roleMenu).values(grants);

    let dictId = 1123598814738675201n;
    const dictRows: (typeof dict.$inferInsert)[] = [];
    dicts.forEach((d, i) => {
      const headerId = dictId++;
      dictRows.push({
        id: headerId,
        parentId: 0n,
        code: d.code,
        dictKey: '-1',
        dictValue: d.name,
        sort: i + 1,
        remark: d.remark ?? '',
      });
      d.items.forEach(([key, label, remark], j) => {
        dictRows.push({
          id: dictId++,
          parentId: headerId,
          code: d.code,
          dictKey: key,
          dictValue: label,
          sort: j + 1,
          remark: remark ?? '',
        });
      });
    });
    await tx.insert(dict).values(dictRows);

    const paramRows = [
      { tenantId: ADMIN_TENANT, audit },
      {
        tenantId: DEMO_TENANT,
        audit: {
          createUser: SEED_IDS.userDemoAdmin,
          createDept: SEED_IDS.deptDemo,
          updateUser: SEED_IDS.userDemoAdmin,
        },
      },
    ].flatMap(({ tenantId, audit: a }) =>
      params.map((p) => ({ id: nextId(), tenantId, ...p, remark: '', ...a })),
    );
    await tx.insert(param).values(paramRows);
    return true;
  });
}
