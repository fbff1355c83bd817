/**
 * Creating a tenant (`tenant/submit` without an id): a fresh code and its initial data, from the platform's
 * parameters `tenant.default.*`.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../../../auth/password';
import type { TokenClaims } from '../../../auth/tokens';
import type { Db } from '../../../db/index';
import { dept, menu, param, post, role, roleMenu, tenant, user } from '../../../db/schema';
import { ADMIN_TENANT } from '../../../db/seed-data';
import { BizError, nextId, parseId } from '../../../util';
import type { TenantRow } from './tenant-vo';

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
export async function createTenant(db: Db, a: TokenClaims, b: Record<string, unknown>): Promise<TenantRow> {
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
