import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import { nextId } from '../util';
import type { Db } from './index';
import { deriveRegion, type RegionDerived } from './region-derive';
import { PERM_IDS, permSeedStep } from './seed-perm';
import { contractDictsStep } from './seed-dicts';
import { menuCatalogueStep } from './seed-menus';
import { resourceSeedStep } from './seed-resource';
import { flowSeedStep } from './seed-flow';
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
  tenantPackage,
  user,
} from './schema';
import {
  ADMIN_TENANT,
  DEMO_PACKAGE_CODES,
  DEMO_TENANT,
  PEOPLE_IDS,
  SEED_IDS,
  childDepts,
  cities,
  dictBizItems,
  dictBizSeed,
  dicts,
  demoDepts,
  demoPosts,
  dictsV2,
  menus,
  params,
  people,
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

const demoAudit = {
  createUser: SEED_IDS.userDemoAdmin,
  createDept: SEED_IDS.deptDemo,
  updateUser: SEED_IDS.userDemoAdmin,
};

/** Param page and its view button (seed-data.ts `menus`): what the staff role of tenant 100001 may use. */
const DEMO_USER_MENUS = [SEED_IDS.menuSystem, SEED_IDS.menuParam, 1123598815738675294n];

/**
 * Seed step `people`: the operator and guest accounts of tenant 000000, an organisation for tenant 100001
 * (departments, posts, a staff role, two users) and a tenant package that keeps the platform's administration
 * pages out of tenant 100001's menus (DEMO_PACKAGE_CODES).
 */
const peopleStep = {
  name: 'people',
  async run(tx: Db): Promise<void> {
    const roleIds = {
      operator: PERM_IDS.roleOperator,
      guest: PERM_IDS.roleGuest,
      demoUser: PEOPLE_IDS.roleDemoUser,
    };
    await tx
      .insert(dept)
      .values(
        demoDepts.map((d) => ({
          ...d,
          tenantId: DEMO_TENANT,
          parentId: SEED_IDS.deptDemo,
          ancestors: `0,${SEED_IDS.deptDemo}`,
          deptCategory: 2,
          ...demoAudit,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(post)
      .values(demoPosts.map((p, i) => ({ ...p, tenantId: DEMO_TENANT, sort: i + 1, ...demoAudit })))
      .onConflictDoNothing();
    // the demo admin was seeded with the post of tenant 000000; give it its own tenant's, unless changed since
    await tx
      .update(user)
      .set({ postId: PEOPLE_IDS.postDemoCeo.toString() })
      .where(and(eq(user.id, SEED_IDS.userDemoAdmin), eq(user.postId, SEED_IDS.postCeo.toString())));
    await tx
      .insert(role)
      .values({
        id: PEOPLE_IDS.roleDemoUser,
        tenantId: DEMO_TENANT,
        roleName: '员工',
        roleAlias: 'user',
        sort: 2,
        ...demoAudit,
      })
      .onConflictDoNothing();
    await tx
      .insert(roleMenu)
      .values(
        DEMO_USER_MENUS.map((menuId, i) => ({
          id: PEOPLE_IDS.roleDemoUser + BigInt(1000 + i),
          roleId: PEOPLE_IDS.roleDemoUser,
          menuId,
        })),
      )
      .onConflictDoNothing();

    // the same slow hash as the admin's (the step runs once per database)
    const hashes = await Promise.all(people.map((p) => hashPassword(md5(p.account))));
    const oneYear = new Date(Date.now() + 365 * 24 * 3600 * 1000);
    await tx
      .insert(user)
      .values(
        people.map((p, i) => ({
          id: p.id,
          tenantId: p.tenantId,
          account: p.account,
          password: hashes[i]!,
          name: p.name,
          realName: p.realName,
          email: p.email,
          phone: p.phone,
          deptId: p.deptId.toString(),
          postId: p.postId.toString(),
          roleId: roleIds[p.role].toString(),
          expireTime: oneYear,
          userType: 1,
          sex: 1,
          ...(p.tenantId === ADMIN_TENANT ? adminAudit : demoAudit),
        })),
      )
      // an operator's own account of the same name (unique per tenant among live rows) wins
      .onConflictDoNothing();

    // tenant 100001: the package's pages with everything below them, and their ancestors
    const live = await tx
      .select({ id: menu.id, parentId: menu.parentId, code: menu.code })
      .from(menu)
      .where(eq(menu.isDeleted, 0));
    const byId = new Map(live.map((m) => [m.id, m]));
    const listed = new Set(live.filter((m) => DEMO_PACKAGE_CODES.includes(m.code)).map((m) => m.id));
    const inPackage = new Set<bigint>();
    for (const m of live) {
      let under = false;
      for (let cur = byId.get(m.id); cur && !under; cur = byId.get(cur.parentId)) under = listed.has(cur.id);
      if (!under) continue;
      for (let cur = byId.get(m.id); cur; cur = byId.get(cur.parentId)) inPackage.add(cur.id);
    }
    const menuId = [...inPackage].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join(',');
    await tx
      .insert(tenantPackage)
      .values({
        id: PEOPLE_IDS.packageDemo,
        packageName: '演示套餐',
        menuId,
        remark: '演示租户的菜单',
        ...adminAudit,
      })
      .onConflictDoNothing();
    await tx
      .update(tenant)
      .set({ packageId: PEOPLE_IDS.packageDemo })
      .where(and(eq(tenant.tenantId, DEMO_TENANT), isNull(tenant.packageId)));
  },
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
  peopleStep,
  flowSeedStep,
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
