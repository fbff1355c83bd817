import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import { nextId } from '../util';
import type { Db } from './index';
import { deriveRegion, type RegionDerived } from './region-derive';
import { permSeedStep } from './seed-perm';
import { contractDictsStep } from './seed-dicts';
import { menuCatalogueStep } from './seed-menus';
import { resourceSeedStep } from './seed-resource';
import {
  client,
  dept,
  dict,
  dictBiz,
  menu,
  param,
  post,
  region,
  role,
  roleMenu,
  seedStep,
  tenant,
  user,
} from './schema';
import {
  ADMIN_TENANT,
  DEMO_TENANT,
  SEED_IDS,
  childDepts,
  cities,
  dictBizItems,
  dictBizSeed,
  dicts,
  dictsV2,
  menus,
  params,
  posts,
  provinces,
  tenants,
} from './seed-data';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/**
 * Seeds a fresh database: tenants 000000 and 100001 (each with its admin), the saber client, departments, roles,
 * the menu tree and its grants, dictionaries and parameters. Idempotent: runs in one transaction under an advisory
 * lock and does nothing when tenant 000000 already exists (several instances may start at once).
 */
export async function seed(db: Db): Promise<boolean> {
  const fresh = await seedBase(db);
  await applySeedSteps(db);
  return fresh;
}

async function seedBase(db: Db): Promise<boolean> {
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

const adminAudit = {
  createUser: SEED_IDS.userAdmin,
  createDept: SEED_IDS.deptAdmin,
  updateUser: SEED_IDS.userAdmin,
};

/**
 * Seed steps after the base seed, each applied once per database (recorded in smart_seed_step), so a data folder
 * seeded by an older version gets the new rows on its next start, and rows an operator removed later are not
 * resurrected. Rows have fixed ids and are inserted with ON CONFLICT DO NOTHING (an operator's own row holding a
 * unique key wins).
 */
const STEPS: { name: string; run(tx: Db): Promise<void> }[] = [
  {
    name: 'system-modules',
    async run(tx) {
      // system dictionaries
      for (const d of dictsV2) {
        await tx
          .insert(dict)
          .values({
            id: d.id,
            parentId: 0n,
            code: d.code,
            dictKey: '-1',
            dictValue: d.name,
            sort: 100,
            remark: '',
          })
          .onConflictDoNothing();
        const [header] = await tx.select({ id: dict.id }).from(dict).where(eq(dict.id, d.id)).limit(1);
        if (!header) continue; // the code is taken by an operator's dictionary
        await tx
          .insert(dict)
          .values(
            d.items.map(([key, label, remark], j) => ({
              id: d.id + BigInt(j + 1),
              parentId: d.id,
              code: d.code,
              dictKey: key,
              dictValue: label,
              sort: j + 1,
              remark: remark ?? '',
            })),
          )
          .onConflictDoNothing();
      }
      // posts of tenant 000000
      await tx
        .insert(post)
        .values(
          posts.map((p, i) => ({
            id: SEED_IDS.postCeo + BigInt(i),
            tenantId: ADMIN_TENANT,
            ...p,
            sort: i + 1,
            ...adminAudit,
          })),
        )
        .onConflictDoNothing();
      // 刀锋科技 children
      await tx
        .insert(dept)
        .values(
          childDepts.map((d) => ({
            ...d,
            tenantId: ADMIN_TENANT,
            parentId: SEED_IDS.deptAdmin,
            ancestors: `0,${SEED_IDS.deptAdmin}`,
            deptCategory: 1,
            ...adminAudit,
          })),
        )
        .onConflictDoNothing();
      // business dictionaries of both tenants
      for (const { tenantId, baseId } of dictBizSeed) {
        await tx
          .insert(dictBiz)
          .values([
            {
              id: baseId,
              tenantId,
              parentId: 0n,
              code: dictBizItems.code,
              dictKey: '-1',
              dictValue: dictBizItems.name,
              sort: 1,
            },
            ...dictBizItems.items.map(([key, label], j) => ({
              id: baseId + BigInt(j + 1),
              tenantId,
              parentId: baseId,
              code: dictBizItems.code,
              dictKey: key,
              dictValue: label,
              sort: j + 1,
            })),
          ])
          .onConflictDoNothing();
      }
      // regions: the country, the provinces and a few cities
      const rows = new Map<string, RegionDerived & { sort: number }>();
      const add = (code: string, parentCode: string, name: string, level: number, sort: number) =>
        rows.set(code, { ...deriveRegion(rows.get(parentCode), code, parentCode, name, level), sort });
      add('00', '0', '中华人民共和国', 0, 1);
      provinces.forEach(([code, name], i) => add(code, '00', name, 1, i + 1));
      cities.forEach(([code, parent, name], i) => add(code, parent, name, code.length === 4 ? 2 : 3, i + 1));
      await tx
        .insert(region)
        .values([...rows.values()])
        .onConflictDoNothing();
    },
  },
  menuCatalogueStep,
  contractDictsStep,
  resourceSeedStep,
  permSeedStep,
];

export async function applySeedSteps(db: Db): Promise<void> {
  const applied = async (q: Db) =>
    new Set((await q.select({ name: seedStep.name }).from(seedStep)).map((r) => r.name));
  const done = await applied(db);
  if (STEPS.every((s) => done.has(s.name))) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(86000002)`);
    const now = await applied(tx);
    for (const step of STEPS) {
      if (now.has(step.name)) continue;
      await step.run(tx);
      await tx.insert(seedStep).values({ name: step.name });
    }
  });
}
