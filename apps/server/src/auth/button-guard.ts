/**
 * Button permissions of write operations (docs/platform-contract.md §3.3, `menu/buttons`): the console shows a page's add, edit
 * and delete buttons from the caller's granted button codes (`<page>_add` …); the server enforces the same codes, so
 * a hidden button is also a refused call. Per operationId, derived from the contract's declared entities
 * (`writeGuards`): their CRUD writes and `x-entity.actions`; other operations are not affected (reads, the caller's
 * own profile, uploads, and modules with their own role checks).
 *
 * Who passes: the administrator (every operation, as for menus and API scopes); the tenant's own administrator (a
 * live role of the caller's tenant with the alias `admin`, as `requireAdmin` of the user module) on these
 * tenant-owned modules, without grants, for the buttons its tenant package holds; any other caller only with one of
 * the operation's button codes granted to one of its live roles of its tenant, within the tenant package. Denied
 * calls answer 401 `缺失权限`, as the API-scope hook.
 *
 * Grants, roles, buttons and packages come from the per-instance scope cache (TTL ≤ 3 s), so a check is a few map
 * lookups; the package of a tenant is read once per snapshot.
 */
import type { EntityManifestData, EntityOperationRole } from '@smart/api-sdk/manifest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index';
import { fail } from '../util';
import { NO_PERMISSION_MSG } from './api-scope';
import { isAdministrator, packageMenuIds, roleIdsOf, scopeCache, type ScopeSnapshot } from './permissions';
import type { TokenClaims } from './tokens';

/**
 * What an operation needs on its page: `submit` creates without an id (add) and updates with one (edit), exactly
 * as the crud kit decides; enabling a provider config is an edit.
 */
export type ButtonNeed = 'submit' | 'add' | 'edit' | 'delete';

export interface WriteGuard {
  /** menu code of the page (seed-menus.ts); its buttons are `<page>_<kind>` */
  page: string;
  need: ButtonNeed;
}

/** The button a write operation of a declared entity needs (`submit` decides add or edit by the body's id). */
const ROLE_NEED: Partial<Record<EntityOperationRole, ButtonNeed>> = {
  submit: 'submit',
  save: 'add',
  update: 'edit',
  remove: 'delete',
};

/** Every guarded write: the declared entities' CRUD writes and actions, on their menu page. */
export function writeGuards(entities: readonly EntityManifestData[]): Readonly<Record<string, WriteGuard>> {
  const out: Record<string, WriteGuard> = {};
  for (const e of entities) {
    if (!e.menu) continue; // no page, no buttons to check
    // rows no operator adds (a run batch the engine writes: the entity declares no add button) are not edited through
    // the form either: their submit needs that add button, which nobody holds, so the edit button that stops and
    // retries a run does not also rewrite it (only the administrator, who passes every guard, may)
    const needOf = (role: EntityOperationRole, need: ButtonNeed): ButtonNeed =>
      role === 'submit' && !e.buttons.add ? 'add' : need;
    const declared: [string, ButtonNeed][] = [
      ...(Object.entries(ROLE_NEED) as [EntityOperationRole, ButtonNeed][]).flatMap(
        ([role, need]): [string, ButtonNeed][] =>
          e.operations[role] ? [[e.operations[role], needOf(role, need)]] : [],
      ),
      ...Object.entries(e.actions ?? {}),
    ];
    for (const [op, need] of declared) out[op] = { page: e.menu.code, need };
  }
  return out;
}

/**
 * The button code a call of `guard` needs, given its body as parsed, before validation: a submit without an id
 * (absent or '') adds, a submit with any other id (a number Ajv would coerce, even one validation will refuse)
 * edits, so a caller holding only `add` never reaches an update.
 */
export function buttonCode(guard: WriteGuard, body: unknown): string {
  let kind: Exclude<ButtonNeed, 'submit'>;
  if (guard.need === 'submit') {
    const id = body && typeof body === 'object' ? (body as { id?: unknown }).id : undefined;
    kind = id === undefined || id === '' ? 'add' : 'edit';
  } else kind = guard.need;
  return `${guard.page}_${kind}`;
}

/** `param_add` → `param` (page codes contain underscores themselves: `yingdao_auth_add`). */
const pageOfButton = (code: string): string => code.slice(0, Math.max(0, code.lastIndexOf('_')));

function packageOf(db: Db, snap: ScopeSnapshot, tenantId: string): Promise<Set<bigint> | undefined> {
  let p = snap.packageMemo.get(tenantId);
  if (!p) {
    p = packageMenuIds(db, tenantId);
    snap.packageMemo.set(tenantId, p);
    void p.catch(() => snap.packageMemo.delete(tenantId)); // a failed read is retried by the next call
  }
  return p;
}

/** Whether the caller may press the button `code` (see the module comment). */
export async function buttonAllowed(
  db: Db,
  snap: ScopeSnapshot,
  a: TokenClaims,
  code: string,
): Promise<boolean> {
  if (isAdministrator(a)) return true;
  // roles removed since the login, or of another tenant, count for nothing
  const roles = roleIdsOf(a).filter((r) => snap.liveRoles.get(r) === a.tenant_id);
  const buttons = snap.buttonsByCode.get(code) ?? [];
  if (roles.some((r) => snap.tenantAdminRoles.has(r))) {
    // the tenant's administrator needs no grant but stays within the package: the button, or the page for an
    // operation without a button of its own (the attachment page has no add or edit)
    const pkg = await packageOf(db, snap, a.tenant_id);
    if (!pkg) return true;
    const inPackage = buttons.length > 0 ? buttons : (snap.pagesByCode.get(pageOfButton(code)) ?? []);
    return inPackage.some((m) => pkg.has(m));
  }
  const granted = buttons.filter((b) => roles.some((r) => snap.menuGrants.get(r)?.has(b)));
  if (granted.length === 0) return false;
  const pkg = await packageOf(db, snap, a.tenant_id);
  return !pkg || granted.some((b) => pkg.has(b));
}

const operationOf = (req: FastifyRequest): string | undefined =>
  (req.routeOptions.schema as { operationId?: string } | undefined)?.operationId;

/**
 * Fastify preHandler: refuses guarded writes without their button. After validation, because the submit body's id
 * (as coerced by the schema) decides between add and edit, as it does in the handler.
 */
export function buttonGuardHook(db: Db, guards: Readonly<Record<string, WriteGuard>>) {
  const cache = scopeCache(db);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const op = operationOf(req);
    const guard = op !== undefined && Object.hasOwn(guards, op) ? guards[op] : undefined;
    if (!guard) return;
    const a = req.auth;
    // every guarded operation requires a token; without claims there is nobody to grant anything to
    if (!a || !(await buttonAllowed(db, await cache.get(), a, buttonCode(guard, req.body)))) {
      return reply.code(401).send(fail(401, NO_PERMISSION_MSG));
    }
  };
}
