/**
 * Who may see and do what (docs/platform-contract.md §3.2–3.4, §3.11–3.12): role ids of a token, menu visibility (role
 * grants ∩ tenant package), and a per-instance cache (TTL 3 s, dropped on this instance's writes) of the live
 * menus, roles, menu grants, scope rules and scope grants, read by the API-scope hook on every request, by the
 * button guard of writes, by the data-scope filter of list queries and by `menu/routes` / `menu/buttons`.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { role, roleMenu, roleScope, scopeApi, scopeData, tenant, tenantPackage, menu } from '../db/schema';
import type { FastifyRequest } from 'fastify';
import { BizError, parseId } from '../util';
import type { TokenClaims } from './tokens';

/** The JSON object body of a request; a missing or non-object body answers 400 (as the crud kit). */
export function bodyOf(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw new BizError('参数校验失败');
  return b as Record<string, unknown>;
}

export const SCOPE_DATA = 1;
export const SCOPE_API = 2;

/** Alias of a tenant's own administrator role (docs/platform-contract.md §4 role **A** with `administrator`). */
export const TENANT_ADMIN_ALIAS = 'admin';

/** The platform super administrator role: sees every menu, passes every scope. */
export const isAdministrator = (a: TokenClaims): boolean => a.authorities.includes('administrator');

export const roleIdsOf = (a: TokenClaims): bigint[] =>
  a.role_id
    .split(',')
    .map((r) => parseId(r.trim()))
    .filter((r): r is bigint => r !== undefined);

export const deptIdsOf = (a: TokenClaims): bigint[] =>
  a.dept_id
    .split(',')
    .map((d) => parseId(d.trim()))
    .filter((d): d is bigint => d !== undefined);

/**
 * Menu ids of the tenant's package, or `undefined` when the tenant has no package (no limit). The platform tenant
 * 000000 is never limited.
 */
export async function packageMenuIds(db: Db, tenantId: string): Promise<Set<bigint> | undefined> {
  if (tenantId === '000000') return undefined;
  const [row] = await db
    .select({ menuId: tenantPackage.menuId })
    .from(tenant)
    .innerJoin(tenantPackage, and(eq(tenantPackage.id, tenant.packageId), eq(tenantPackage.isDeleted, 0)))
    .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)))
    .limit(1);
  return row ? parseIdSet(row.menuId) : undefined;
}

export const parseIdSet = (list: string): Set<bigint> =>
  new Set(
    list
      .split(',')
      .map((s) => parseId(s.trim()))
      .filter((x): x is bigint => x !== undefined),
  );

/**
 * Ids of the live menus (and buttons) the caller may use, without ancestors: `all` for the administrator, else the
 * menus granted to the caller's live roles (from the scope cache), intersected with the tenant package.
 */
export async function grantedMenuIds(db: Db, a: TokenClaims): Promise<Set<bigint> | 'all'> {
  if (isAdministrator(a)) return 'all';
  const snap = await scopeCache(db).get();
  const out = new Set<bigint>();
  for (const r of roleIdsOf(a)) {
    if (snap.liveRoles.get(r) !== a.tenant_id) continue; // removed since the login, or another tenant's
    for (const m of snap.menuGrants.get(r) ?? []) out.add(m);
  }
  if (out.size === 0) return out;
  const pkg = await packageMenuIds(db, a.tenant_id);
  return pkg ? new Set([...out].filter((m) => pkg.has(m))) : out;
}

/** Menus the caller may hand out in `role/grant` and the grant trees: everything, or what the tenant may use. */
export async function grantableMenuIds(db: Db, a: TokenClaims): Promise<Set<bigint> | 'all'> {
  if (isAdministrator(a) && a.tenant_id === '000000') return 'all';
  const pkg = await packageMenuIds(db, a.tenant_id);
  if (pkg) return pkg;
  // no package: a tenant administrator hands out any menu, other users what they have themselves
  if (isAdministrator(a) || a.authorities.includes('admin')) return 'all';
  return grantedMenuIds(db, a);
}

/** Refuses menus outside `allowed` (the caller's grantable set). */
export function menusOutside(allowed: Set<bigint> | 'all', wanted: bigint[]): bigint[] {
  return allowed === 'all' ? [] : wanted.filter((m) => !allowed.has(m));
}

export type MenuRow = typeof menu.$inferSelect;

/** `ids` plus their live ancestors among `all`. */
export function withAncestors(all: MenuRow[], ids: Set<bigint>): Set<bigint> {
  const byId = new Map(all.map((m) => [m.id, m]));
  const keep = new Set<bigint>();
  for (const id of ids) {
    let cur = byId.get(id);
    while (cur && !keep.has(cur.id)) {
      keep.add(cur.id);
      cur = cur.parentId === 0n ? undefined : byId.get(cur.parentId);
    }
  }
  return keep;
}

// ---------------------------------------------------------------------------------------------------------------
// Scope cache

export interface DataRule {
  id: bigint;
  resourceCode: string;
  scopeColumn: string;
  scopeType: number;
  scopeValue: string;
}

export interface ApiRule {
  id: bigint;
  scopePath: string;
  matcher: RegExp;
}

export interface ScopeSnapshot {
  dataRules: DataRule[];
  apiRules: ApiRule[];
  /** role id → granted data-scope rule ids */
  dataGrants: Map<bigint, Set<bigint>>;
  /** role id → granted API-scope rule ids */
  apiGrants: Map<bigint, Set<bigint>>;
  /** live menus and buttons, by sort then id */
  menus: MenuRow[];
  /** live role id → tenant */
  liveRoles: Map<bigint, string>;
  /** role id → granted menu ids */
  menuGrants: Map<bigint, Set<bigint>>;
  /** path → ids of the API rules matching it (memo; the snapshot is short-lived) */
  pathMemo: Map<string, bigint[]>;
  /** live roles with the alias `admin`: each tenant's own administrator role */
  tenantAdminRoles: Set<bigint>;
  /** live button (category 2) ids by code; codes are not unique, so a list */
  buttonsByCode: Map<string, bigint[]>;
  /** live menu (category 1, pages and groups) ids by code */
  pagesByCode: Map<string, bigint[]>;
  /** tenant → menu ids of its package (`undefined`: no limit), read on first use within the snapshot's life */
  packageMemo: Map<string, Promise<Set<bigint> | undefined>>;
}

/** Ant-style path pattern (`**` any, `*` one segment's characters, `?` one character) as an anchored RegExp. */
export function antMatcher(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** Rule-and-grant cache with a short TTL, one per database (that is, per server instance). */
export class ScopeCache {
  private snap: ScopeSnapshot | undefined;
  private loadedAt = 0;
  private loading: Promise<ScopeSnapshot> | undefined;
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 3000,
  ) {}

  /** Drops the snapshot (after a write on this instance); other instances catch up within the TTL. */
  invalidate(): void {
    this.snap = undefined;
    this.loading = undefined; // a load started before the write may hold old rows
    this.generation++;
  }

  async get(): Promise<ScopeSnapshot> {
    if (this.snap && Date.now() - this.loadedAt < this.ttlMs) return this.snap;
    if (!this.loading) {
      const p = this.load(this.generation);
      this.loading = p;
      void p.then(
        () => this.loading === p && (this.loading = undefined),
        () => this.loading === p && (this.loading = undefined),
      );
    }
    // expired: requests keep the previous snapshot while one refresh runs (no wait on the hot path); after
    // invalidate() there is none, and the caller waits for the fresh one
    return this.snap ?? this.loading;
  }

  private async load(generation: number): Promise<ScopeSnapshot> {
    const started = Date.now();
    const [data, api, grants, menus, roles, roleMenus] = await Promise.all([
      this.db
        .select({
          id: scopeData.id,
          resourceCode: scopeData.resourceCode,
          scopeColumn: scopeData.scopeColumn,
          scopeType: scopeData.scopeType,
          scopeValue: scopeData.scopeValue,
        })
        .from(scopeData)
        .where(eq(scopeData.isDeleted, 0)),
      this.db
        .select({ id: scopeApi.id, scopePath: scopeApi.scopePath })
        .from(scopeApi)
        .where(eq(scopeApi.isDeleted, 0)),
      this.db.select().from(roleScope),
      this.db.select().from(menu).where(eq(menu.isDeleted, 0)).orderBy(asc(menu.sort), asc(menu.id)),
      this.db
        .select({ id: role.id, tenantId: role.tenantId, alias: role.roleAlias })
        .from(role)
        .where(eq(role.isDeleted, 0)),
      this.db.select({ roleId: roleMenu.roleId, menuId: roleMenu.menuId }).from(roleMenu),
    ]);
    const menuGrants = new Map<bigint, Set<bigint>>();
    for (const g of roleMenus) {
      let set = menuGrants.get(g.roleId);
      if (!set) menuGrants.set(g.roleId, (set = new Set()));
      set.add(g.menuId);
    }
    const buttonsByCode = new Map<string, bigint[]>();
    const pagesByCode = new Map<string, bigint[]>();
    for (const m of menus) {
      const byCode = m.category === 2 ? buttonsByCode : pagesByCode;
      const ids = byCode.get(m.code);
      if (ids) ids.push(m.id);
      else byCode.set(m.code, [m.id]);
    }
    const dataGrants = new Map<bigint, Set<bigint>>();
    const apiGrants = new Map<bigint, Set<bigint>>();
    for (const g of grants) {
      const m = g.scopeCategory === SCOPE_DATA ? dataGrants : apiGrants;
      let set = m.get(g.roleId);
      if (!set) m.set(g.roleId, (set = new Set()));
      set.add(g.scopeId);
    }
    const snap: ScopeSnapshot = {
      dataRules: data,
      apiRules: api.map((r) => ({ ...r, matcher: antMatcher(r.scopePath.trim()) })),
      dataGrants,
      apiGrants,
      menus,
      liveRoles: new Map(roles.map((r) => [r.id, r.tenantId])),
      menuGrants,
      pathMemo: new Map(),
      tenantAdminRoles: new Set(roles.filter((r) => r.alias === TENANT_ADMIN_ALIAS).map((r) => r.id)),
      buttonsByCode,
      pagesByCode,
      packageMemo: new Map(),
    };
    if (generation === this.generation) {
      this.snap = snap;
      this.loadedAt = started;
    }
    return snap;
  }
}

const caches = new WeakMap<Db, ScopeCache>();

/** The scope cache of this database handle. */
export function scopeCache(db: Db): ScopeCache {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new ScopeCache(db)));
  return c;
}
