/**
 * Tenants and tenant packages (docs/platform-contract.md §3.7, §3.8, §4.6). Administered by the administrator of tenant
 * 000000 only (others get 401 `缺失权限`); `tenant/info` is tokenless (login page).
 *
 * Export for the other modules: `assertAccountQuota(db, tenantId)` refuses a new user beyond the tenant's
 * `accountNumber`. (The menus a package allows: `packageMenuIds` in auth/permissions.)
 */
import { createHash, randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hashPassword } from '../auth/password';
import type { TokenClaims } from '../auth/tokens';
import { caller, crud, NOT_FOUND_MSG, requirePlatformAdmin } from '../crud/index';
import type { Db } from '../db/index';
import { dept, menu, param, post, role, roleMenu, tenant, tenantPackage, user } from '../db/schema';
import { auditVO, BizError, formatDateTime, nextId, ok, parseDateTime, parseId, parseIds } from '../util';

type TenantRow = typeof tenant.$inferSelect;
type PackageRow = typeof tenantPackage.$inferSelect;

export const ADMIN_TENANT = '000000';
export const QUOTA_MSG = '当前租户已到最大账号额度!';

/* ------------------------------------------------------------------ exports for other modules */

/** Throws `当前租户已到最大账号额度!` when the tenant already has `accountNumber` live users (-1 = unlimited). */
export async function assertAccountQuota(db: Db, tenantId: string): Promise<void> {
  const [t] = await db
    .select({ n: tenant.accountNumber })
    .from(tenant)
    .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)))
    .limit(1);
  if (!t || t.n < 0) return;
  const [c] = await db
    .select({ n: count() })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0)));
  if (Number(c?.n ?? 0) >= t.n) throw new BizError(QUOTA_MSG);
}

/* ------------------------------------------------------------------ view objects */

export function toTenantVO(t: TenantRow) {
  return {
    id: t.id.toString(),
    tenantId: t.tenantId,
    accountNumber: t.accountNumber,
    expireTime: formatDateTime(t.expireTime),
    packageId: t.packageId === null ? null : t.packageId.toString(),
    datasourceId: t.datasourceId === null ? null : t.datasourceId.toString(),
    licenseKey: t.licenseKey,
    tenantName: t.tenantName,
    domain: t.domain,
    backgroundUrl: t.backgroundUrl,
    linkman: t.linkman,
    contactNumber: t.contactNumber,
    address: t.address,
    ...auditVO(t),
  };
}

export function toPackageVO(p: PackageRow) {
  return {
    id: p.id.toString(),
    packageName: p.packageName,
    menuId: p.menuId,
    remark: p.remark,
    ...auditVO(p),
  };
}

/* ------------------------------------------------------------------ tenant creation */

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

async function platformParam(db: Db, key: string): Promise<string | undefined> {
  const [p] = await db
    .select({ v: param.paramValue })
    .from(param)
    .where(and(eq(param.tenantId, ADMIN_TENANT), eq(param.paramKey, key), eq(param.isDeleted, 0)))
    .limit(1);
  return p?.v;
}

/** 6 random digits not used by any tenant (live or removed: codes are never reused). */
async function freshTenantCode(db: Db): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = String(randomInt(100000, 1000000));
    const [dup] = await db.select({ id: tenant.id }).from(tenant).where(eq(tenant.tenantId, code)).limit(1);
    if (!dup) return code;
  }
  throw new BizError('租户编号生成失败,请重试');
}

/** Menus of `tenant.default.menuCode` (top-level codes) and all their descendants. */
async function defaultMenuIds(db: Db): Promise<bigint[]> {
  const codes = ((await platformParam(db, 'tenant.default.menuCode')) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const all = await db
    .select({ id: menu.id, parentId: menu.parentId, code: menu.code })
    .from(menu)
    .where(eq(menu.isDeleted, 0));
  const picked = new Set(all.filter((m) => codes.includes(m.code)).map((m) => m.id));
  // descendants: repeat until no new child joins (the tree is shallow)
  for (let grew = true; grew;) {
    grew = false;
    for (const m of all) {
      if (!picked.has(m.id) && picked.has(m.parentId)) {
        picked.add(m.id);
        grew = true;
      }
    }
  }
  return [...picked];
}

/**
 * A new tenant with its initial data, as upstream: role 管理员 (`admin`) with the default menus, a root department
 * named after the tenant, post `ceo`, and user `admin` with the password of param `tenant.default.password`
 * (else `account.initPassword`, else `admin`). One transaction.
 */
async function createTenant(db: Db, a: TokenClaims, b: Record<string, unknown>): Promise<TenantRow> {
  const code = await freshTenantCode(db);
  const accountNumber = Number.parseInt(
    (await platformParam(db, 'tenant.default.accountNumber')) ?? '100',
    10,
  );
  const plain =
    (await platformParam(db, 'tenant.default.password')) ??
    (await platformParam(db, 'account.initPassword')) ??
    'admin';
  const hash = await hashPassword(md5(plain));
  const menuIds = await defaultMenuIds(db);
  const now = new Date();
  const me = parseId(a.user_id) ?? null;
  const audit = (createDept: bigint | null) => ({
    createUser: me,
    createDept,
    createTime: now,
    updateUser: me,
    updateTime: now,
    status: 1,
    isDeleted: 0,
  });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tenant)
      .values({
        id: nextId(),
        tenantId: code,
        tenantName: String(b.tenantName),
        domain: String(b.domain ?? ''),
        backgroundUrl: String(b.backgroundUrl ?? ''),
        linkman: String(b.linkman ?? ''),
        contactNumber: String(b.contactNumber ?? ''),
        address: String(b.address ?? ''),
        accountNumber: Number.isFinite(accountNumber) ? accountNumber : 100,
        ...audit(parseId(a.dept_id.split(',')[0]) ?? null),
      })
      .returning();
    const deptId = nextId();
    const roleId = nextId();
    const postId = nextId();
    await tx.insert(dept).values({
      id: deptId,
      tenantId: code,
      deptName: String(b.tenantName).slice(0, 45),
      fullName: String(b.tenantName).slice(0, 45),
      ...audit(deptId),
    });
    await tx.insert(role).values({
      id: roleId,
      tenantId: code,
      roleName: '管理员',
      roleAlias: 'admin',
      sort: 1,
      ...audit(deptId),
    });
    if (menuIds.length > 0) {
      await tx.insert(roleMenu).values(menuIds.map((menuId) => ({ id: nextId(), roleId, menuId })));
    }
    await tx.insert(post).values({
      id: postId,
      tenantId: code,
      category: 1,
      postCode: 'ceo',
      postName: '首席执行官',
      sort: 1,
      ...audit(deptId),
    });
    await tx.insert(user).values({
      id: nextId(),
      tenantId: code,
      account: 'admin',
      password: hash,
      name: 'admin',
      realName: 'admin',
      roleId: roleId.toString(),
      deptId: deptId.toString(),
      postId: postId.toString(),
      ...audit(deptId),
    });
    if (!row) throw new Error('insert returned nothing');
    return row;
  });
}

/** Opaque licence blob of `tenant/setting` (upstream: DES hex of the same facts). */
const licenseKey = (id: bigint, accountNumber: number, expireTime: Date | null) =>
  Buffer.from(
    JSON.stringify({ id: id.toString(), accountNumber, expireTime: formatDateTime(expireTime) }),
  ).toString('hex');

/* ------------------------------------------------------------------ handlers */

type Handler = (req: FastifyRequest) => Promise<unknown>;

export function tenantHandlers(db: Db) {
  const tenants = crud<TenantRow>(db, {
    table: tenant,
    id: tenant.id,
    isDeleted: tenant.isDeleted,
    audited: true,
    toVO: toTenantVO,
    filters: {
      tenantId: { column: tenant.tenantId },
      tenantName: { column: tenant.tenantName },
      contactNumber: { column: tenant.contactNumber },
    },
    sortable: {
      id: tenant.id,
      tenant_id: tenant.tenantId,
      tenant_name: tenant.tenantName,
      linkman: tenant.linkman,
      contact_number: tenant.contactNumber,
      account_number: tenant.accountNumber,
      expire_time: tenant.expireTime,
      create_time: tenant.createTime,
      update_time: tenant.updateTime,
    },
    defaultOrder: [desc(tenant.createTime)],
    authorizeWrite: requirePlatformAdmin,
    fields: (b) => ({
      tenantName: b.tenantName,
      linkman: b.linkman,
      ...(b.domain !== undefined ? { domain: b.domain } : {}),
      ...(b.backgroundUrl !== undefined ? { backgroundUrl: b.backgroundUrl } : {}),
      ...(b.contactNumber !== undefined ? { contactNumber: b.contactNumber } : {}),
      ...(b.address !== undefined ? { address: b.address } : {}),
    }),
    async beforeRemove(ids) {
      const rows = await db.select({ code: tenant.tenantId }).from(tenant).where(inArray(tenant.id, ids));
      if (rows.some((r) => r.code === ADMIN_TENANT)) throw new BizError('管理租户不可删除');
    },
    ops: { list: 'tenantList', detail: 'tenantDetail', remove: 'tenantRemove' },
  });

  const packages = crud<PackageRow>(db, {
    table: tenantPackage,
    id: tenantPackage.id,
    isDeleted: tenantPackage.isDeleted,
    audited: true,
    toVO: toPackageVO,
    filters: { packageName: { column: tenantPackage.packageName, plain: 'equal', kinds: ['equal', 'like'] } },
    sortable: {
      id: tenantPackage.id,
      package_name: tenantPackage.packageName,
      create_time: tenantPackage.createTime,
      update_time: tenantPackage.updateTime,
    },
    defaultOrder: [desc(tenantPackage.createTime)],
    authorizeWrite: requirePlatformAdmin,
    fields: (b) => ({
      packageName: b.packageName,
      // normalised: distinct valid ids
      menuId: parseIds(String(b.menuId ?? '')).join(','),
      ...(b.remark !== undefined ? { remark: b.remark } : {}),
    }),
    ops: {
      list: 'tenantPackageList',
      detail: 'tenantPackageDetail',
      save: 'tenantPackageSave',
      update: 'tenantPackageUpdate',
      remove: 'tenantPackageRemove',
    },
  });

  const admin =
    (h: Handler): Handler =>
    async (req) => {
      requirePlatformAdmin(caller(req));
      return h(req);
    };

  async function liveTenantByCode(code: string): Promise<TenantRow> {
    const [t] = await db
      .select()
      .from(tenant)
      .where(and(eq(tenant.tenantId, code), eq(tenant.isDeleted, 0)))
      .limit(1);
    if (!t) throw new BizError(NOT_FOUND_MSG);
    return t;
  }

  const own: Record<string, Handler> = {
    async tenantSelect() {
      const rows = await db
        .select()
        .from(tenant)
        .where(eq(tenant.isDeleted, 0))
        .orderBy(asc(tenant.tenantId));
      return ok(rows.map(toTenantVO));
    },
    async tenantSubmit(req) {
      const a = caller(req);
      requirePlatformAdmin(a);
      const b = req.body as Record<string, unknown> | undefined;
      if (!b || typeof b !== 'object') throw new BizError('参数校验失败');
      if (typeof b.id === 'string' && b.id) await tenants.submit(a, b, 'submit');
      else await createTenant(db, a, b);
      return ok({});
    },
    async tenantSetting(req) {
      const a = caller(req);
      const q = req.query as { ids: string; accountNumber: number; expireTime?: string };
      const expire = q.expireTime ? parseDateTime(q.expireTime) : null;
      const ids = parseIds(q.ids);
      if (ids.length === 0) return ok({});
      const rows = await db
        .select({ id: tenant.id })
        .from(tenant)
        .where(and(inArray(tenant.id, ids), eq(tenant.isDeleted, 0)));
      for (const r of rows) {
        await db
          .update(tenant)
          .set({
            accountNumber: q.accountNumber,
            expireTime: expire,
            licenseKey: licenseKey(r.id, q.accountNumber, expire),
            updateUser: parseId(a.user_id) ?? null,
            updateTime: new Date(),
          })
          .where(eq(tenant.id, r.id));
      }
      return ok({});
    },
    async tenantDatasource(req) {
      const q = req.query as { tenantId: string; datasourceId: string };
      const t = await liveTenantByCode(q.tenantId);
      await db
        .update(tenant)
        .set({ datasourceId: parseId(q.datasourceId) ?? null, updateTime: new Date() })
        .where(eq(tenant.id, t.id));
      return ok({});
    },
    async tenantPackageDetailByTenant(req) {
      const id = parseId((req.query as { tenantId: string }).tenantId);
      const [row] =
        id === undefined
          ? []
          : await db
              .select({ p: tenantPackage })
              .from(tenant)
              .innerJoin(tenantPackage, eq(tenantPackage.id, tenant.packageId))
              .where(and(eq(tenant.id, id), eq(tenant.isDeleted, 0), eq(tenantPackage.isDeleted, 0)))
              .limit(1);
      return ok(row ? toPackageVO(row.p) : {});
    },
    async tenantPackageSetting(req) {
      const q = req.query as { tenantId: string; packageId?: string };
      const t = await liveTenantByCode(q.tenantId);
      let packageId: bigint | null = null;
      if (q.packageId) {
        packageId = parseId(q.packageId) ?? null;
        const [p] =
          packageId === null
            ? []
            : await db
                .select({ id: tenantPackage.id })
                .from(tenantPackage)
                .where(and(eq(tenantPackage.id, packageId), eq(tenantPackage.isDeleted, 0)))
                .limit(1);
        if (!p) throw new BizError('产品包不存在');
      }
      await db.update(tenant).set({ packageId, updateTime: new Date() }).where(eq(tenant.id, t.id));
      return ok({});
    },
    async tenantPackageSelect() {
      const rows = await db
        .select()
        .from(tenantPackage)
        .where(eq(tenantPackage.isDeleted, 0))
        .orderBy(desc(tenantPackage.createTime), desc(tenantPackage.id));
      return ok(rows.map(toPackageVO));
    },
  };

  const out: Record<string, Handler> = {};
  for (const [op, h] of Object.entries({ ...tenants.handlers, ...packages.handlers, ...own })) {
    out[op] = admin(h);
  }
  /** Tokenless (login page): the tenant bound to a domain, or `{}`. */
  out.tenantInfo = async (req) => {
    const domain = (req.query as { domain: string }).domain;
    const [t] = await db
      .select()
      .from(tenant)
      .where(and(eq(tenant.isDeleted, 0), eq(tenant.domain, domain)))
      .limit(1);
    return ok(t ? { tenantId: t.tenantId, domain: t.domain, backgroundUrl: t.backgroundUrl } : {});
  };
  return out;
}
