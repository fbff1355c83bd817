/**
 * What the parts of the user module share: the generic module bound to the user table, the access rule of its
 * management operations, the labelled view, and the rows a caller may act on.
 */
import { and, asc, inArray } from 'drizzle-orm';
import { hashPassword } from '../../../auth/password';
import { RateLimiter } from '../../../auth/rate-limit';
import type { TokenClaims } from '../../../auth/tokens';
import { crud, isPlatformAdmin } from '../../../crud/index';
import { type Db } from '../../../db/index';
import { user } from '../../../db/schema';
import { labelCache, type LabelKind } from './user-labels';
import { parseId, parseIds } from '../../../util';
import { md5, profileValues, type Body } from './user-form';
import { toUserVO, type UserRow, type UserVO } from './user-vo';

// the tenant administrators' guard is the kit's (src/crud/index.ts), shared with other modules
export { isAdmin, requireAdmin } from '../../../crud/index';

/** The generic module of the user table: list filters and sorts, data scopes, and the columns a submit writes. */
function userCrud(db: Db) {
  return crud<UserRow>(db, {
    table: user,
    id: user.id,
    isDeleted: user.isDeleted,
    tenantId: user.tenantId,
    audited: true,
    toVO: toUserVO,
    filters: {
      account: { column: user.account, plain: 'equal' as const, kinds: ['equal' as const] },
      realName: { column: user.realName, plain: 'equal' as const, kinds: ['equal' as const] },
      userType: { column: user.userType, plain: 'equal' as const, kinds: ['equal' as const] },
      status: { column: user.status, plain: 'equal' as const, kinds: ['equal' as const] },
    },
    sortable: {
      id: user.id,
      account: user.account,
      name: user.name,
      real_name: user.realName,
      user_type: user.userType,
      status: user.status,
      create_time: user.createTime,
      update_time: user.updateTime,
    },
    defaultOrder: [asc(user.id)],
    // data scopes (src/auth/data-scope.ts): rules of code `user`; department rules filter on the dept_id list
    dataScope: {
      code: 'user',
      columns: {
        create_user: user.createUser,
        create_dept: user.createDept,
        dept_id: { column: user.deptId, list: true as const },
      },
    },
    async fields(b: Body, existing: UserRow | undefined) {
      const values: Partial<typeof user.$inferInsert> = {
        account: b.account as string,
        userType: b.userType as number,
        roleId: b.roleId as string,
        deptId: b.deptId as string,
        ...(typeof b.postId === 'string' ? { postId: b.postId } : {}),
        ...(typeof b.code === 'string' ? { code: b.code } : {}),
        ...profileValues(b),
      };
      // the password is set on create only (plain from the form; stored as argon2id of its md5)
      if (!existing) values.password = await hashPassword(md5(b.password as string));
      return values;
    },
    ops: {},
  });
}

export type UserContext = ReturnType<typeof userContext>;

/** Built once per server: one generic module and one rate limiter for every part. */
export function userContext(db: Db) {
  const m = userCrud(db);
  const limiter = new RateLimiter(db);

  /** Fills tenantName, roleName, deptName and postName from the instance's label cache (user-labels.ts beside it). */
  async function labelled(vos: UserVO[]): Promise<UserVO[]> {
    if (vos.length === 0) return vos;
    const names = await labelCache(db).get();
    const label = (v: UserVO, kind: LabelKind, list: string) =>
      parseIds(list)
        .map((i) => names.get(`${kind}:${v.tenantId}:${i}`))
        .filter((n): n is string => !!n)
        .join(',');
    return vos.map((v) => ({
      ...v,
      tenantName: names.get(`t:${v.tenantId}:${v.tenantId}`) ?? '',
      roleName: label(v, 'r', v.roleId),
      deptName: label(v, 'd', v.deptId),
      postName: label(v, 'p', v.postId),
    }));
  }

  const one = async (u: UserRow) => (await labelled([toUserVO(u)]))[0]!;

  /** Claims acting in `tenantId` (administrators of 000000 only; others stay in their tenant). */
  const inTenant = (a: TokenClaims, tenantId: unknown): TokenClaims =>
    typeof tenantId === 'string' && tenantId && isPlatformAdmin(a) ? { ...a, tenant_id: tenantId } : a;

  /** Live users of the caller's tenant among `ids`. */
  const ownUsers = (a: TokenClaims, ids: bigint[]) =>
    ids.length === 0
      ? Promise.resolve([] as UserRow[])
      : db
          .select()
          .from(user)
          .where(and(m.scope(a), inArray(user.id, ids)));

  const me = async (a: TokenClaims) => m.findOwn(a, parseId(a.user_id));

  return { db, m, limiter, labelled, one, inTenant, ownUsers, me };
}
