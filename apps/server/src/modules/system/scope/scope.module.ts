/**
 * Data-scope and API-scope rules (docs/platform-contract.md §3.11, §3.12, §4.4): platform-wide rows attached to menus,
 * listed per menu by the console; written by the administrator of tenant 000000. The generic module from the
 * contract's `data-scope` and `api-scope` declarations (src/crud/define-module.ts), plus what the contract cannot
 * say: the label of the scope type, the administrator-only writes and the scope cache. Every write refreshes this
 * instance's scope cache (others follow within its TTL). Enforcement: src/auth/data-scope.ts and
 * src/auth/api-scope.ts.
 */
import type { FastifyRequest } from 'fastify';
import { scopeCache } from '../../../auth/permissions';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { requirePlatformAdmin } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { scopeApi, scopeData } from '../../../db/schema';

type Handler = (req: FastifyRequest) => Promise<unknown>;

/** Labels of the dictionaries `data_scope_type` and `api_scope_type`, the views' `scopeTypeName`. */
const DATA_SCOPE_TYPE: Record<number, string> = {
  1: '全部可见',
  2: '本人可见',
  3: '所在机构可见',
  4: '所在机构及子级可见',
  5: '自定义',
};
const API_SCOPE_TYPE: Record<number, string> = { 1: '系统接口', 2: '业务接口' };

export function scopeModule(db: Db, entities: EntityRegistry) {
  const cache = scopeCache(db);
  const common = { authorizeWrite: requirePlatformAdmin, afterWrite: async () => cache.invalidate() };

  const data = defineCrudModule(db, entities.get('data-scope'), scopeData, {
    ...common,
    view: (r) => ({ scopeTypeName: DATA_SCOPE_TYPE[r.scopeType] ?? '' }),
  });

  const api = defineCrudModule(db, entities.get('api-scope'), scopeApi, {
    ...common,
    view: (r) => ({ scopeTypeName: API_SCOPE_TYPE[r.scopeType] ?? '' }),
  });

  // removes: refresh once the rows are gone (a refresh before could reload them)
  const afterRemove =
    (h: Handler): Handler =>
    async (req) => {
      const res = await h(req);
      cache.invalidate();
      return res;
    };
  return {
    ...data.handlers,
    ...api.handlers,
    dataScopeRemove: afterRemove(data.handlers.dataScopeRemove!),
    apiScopeRemove: afterRemove(api.handlers.apiScopeRemove!),
  };
}
