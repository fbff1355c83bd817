/**
 * API scopes (docs/platform-contract.md §3.12): when API-scope rules exist whose `scopePath` (Ant-style pattern) matches the
 * called path, only roles granted one of those rules may call it; paths no rule matches are open to every
 * signed-in user, and the administrator role passes everything. Denied calls answer 401 `缺失权限`.
 *
 * The rules and grants come from the per-instance `ScopeCache` (TTL ≤ 3 s), and the rules matching a path are
 * memoised per snapshot, so a request costs a map lookup.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index';
import { fail } from '../util';
import { isAdministrator, roleIdsOf, scopeCache, type ScopeSnapshot } from './permissions';
import type { TokenClaims } from './tokens';

export const NO_PERMISSION_MSG = '缺失权限';

const MEMO_LIMIT = 10_000;

function matchingRules(snap: ScopeSnapshot, path: string): bigint[] {
  let ids = snap.pathMemo.get(path);
  if (!ids) {
    ids = snap.apiRules.filter((r) => r.matcher.test(path)).map((r) => r.id);
    if (snap.pathMemo.size < MEMO_LIMIT) snap.pathMemo.set(path, ids);
  }
  return ids;
}

/** Whether the caller may call `path` under the API scopes of `snap`. */
export function apiAllowed(snap: ScopeSnapshot, a: TokenClaims, path: string): boolean {
  if (snap.apiRules.length === 0 || isAdministrator(a)) return true;
  const rules = matchingRules(snap, path);
  if (rules.length === 0) return true;
  for (const r of roleIdsOf(a)) {
    const granted = snap.apiGrants.get(r);
    if (granted && rules.some((id) => granted.has(id))) return true;
  }
  return false;
}

/** Fastify hook (after authentication): refuses calls outside the caller's API scopes. */
export function apiScopeHook(db: Db) {
  const cache = scopeCache(db);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const a = req.auth;
    if (!a) return; // tokenless operations
    const snap = await cache.get();
    if (snap.apiRules.length === 0) return;
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    if (!apiAllowed(snap, a, path)) return reply.code(401).send(fail(401, NO_PERMISSION_MSG));
  };
}
