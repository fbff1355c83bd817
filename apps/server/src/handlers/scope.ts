/**
 * Data-scope and API-scope rules (docs/platform-contract.md §3.11, §3.12, §4.4): platform-wide rows attached to menus, listed
 * per menu by the console; written by the administrator of tenant 000000. Every write refreshes this instance's
 * scope cache (others follow within its TTL). Enforcement: src/auth/data-scope.ts and src/auth/api-scope.ts.
 */
import { desc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { scopeCache } from '../auth/permissions';
import { crud, requirePlatformAdmin } from '../crud/index';
import type { Db } from '../db/index';
import { scopeApi, scopeData } from '../db/schema';
import { auditVO, parseId } from '../util';

type DataRow = typeof scopeData.$inferSelect;
type ApiRow = typeof scopeApi.$inferSelect;

/** Labels of the dictionaries `data_scope_type` and `api_scope_type`. */
export const DATA_SCOPE_TYPE: Record<number, string> = {
  1: '全部可见',
  2: '本人可见',
  3: '所在机构可见',
  4: '所在机构及子级可见',
  5: '自定义',
};
export const API_SCOPE_TYPE: Record<number, string> = { 1: '系统接口', 2: '业务接口' };

export const toDataScopeVO = (r: DataRow) => ({
  id: r.id.toString(),
  scopeTypeName: DATA_SCOPE_TYPE[r.scopeType] ?? '',
  menuId: r.menuId.toString(),
  resourceCode: r.resourceCode,
  scopeName: r.scopeName,
  scopeField: r.scopeField,
  scopeClass: r.scopeClass,
  scopeColumn: r.scopeColumn,
  scopeType: r.scopeType,
  scopeValue: r.scopeValue,
  remark: r.remark,
  ...auditVO(r),
});

export const toApiScopeVO = (r: ApiRow) => ({
  id: r.id.toString(),
  scopeTypeName: API_SCOPE_TYPE[r.scopeType] ?? '',
  menuId: r.menuId.toString(),
  resourceCode: r.resourceCode,
  scopeName: r.scopeName,
  scopePath: r.scopePath,
  scopeType: r.scopeType,
  remark: r.remark,
  ...auditVO(r),
});

const str = (v: unknown, d = '') => (typeof v === 'string' ? v : d);

export function scopeHandlers(db: Db) {
  const cache = scopeCache(db);
  const refresh = async () => cache.invalidate();

  const data = crud<DataRow>(db, {
    table: scopeData,
    id: scopeData.id,
    isDeleted: scopeData.isDeleted,
    audited: true,
    toVO: toDataScopeVO,
    filters: {
      menuId: { column: scopeData.menuId, plain: 'equal' },
      scopeName: { column: scopeData.scopeName, plain: 'equal' },
    },
    sortable: {
      id: scopeData.id,
      scope_name: scopeData.scopeName,
      scope_type: scopeData.scopeType,
      resource_code: scopeData.resourceCode,
      create_time: scopeData.createTime,
      update_time: scopeData.updateTime,
    },
    defaultOrder: [desc(scopeData.createTime)],
    authorizeWrite: requirePlatformAdmin,
    fields: (b, existing) => ({
      menuId: parseId(str(b.menuId)) ?? 0n,
      resourceCode: str(b.resourceCode),
      scopeName: str(b.scopeName),
      scopeClass: str(b.scopeClass),
      scopeType: b.scopeType as number,
      scopeField: str(b.scopeField, existing?.scopeField ?? '*'),
      scopeColumn: str(b.scopeColumn, existing?.scopeColumn ?? ''),
      scopeValue: str(b.scopeValue, existing?.scopeValue ?? ''),
      remark: str(b.remark, existing?.remark ?? ''),
    }),
    afterWrite: refresh,
    ops: {
      list: 'dataScopeList',
      detail: 'dataScopeDetail',
      submit: 'dataScopeSubmit',
      remove: 'dataScopeRemove',
    },
  });

  const api = crud<ApiRow>(db, {
    table: scopeApi,
    id: scopeApi.id,
    isDeleted: scopeApi.isDeleted,
    audited: true,
    toVO: toApiScopeVO,
    filters: {
      menuId: { column: scopeApi.menuId, plain: 'equal' },
      scopeName: { column: scopeApi.scopeName, plain: 'equal' },
    },
    sortable: {
      id: scopeApi.id,
      scope_name: scopeApi.scopeName,
      scope_type: scopeApi.scopeType,
      scope_path: scopeApi.scopePath,
      resource_code: scopeApi.resourceCode,
      create_time: scopeApi.createTime,
      update_time: scopeApi.updateTime,
    },
    defaultOrder: [desc(scopeApi.createTime)],
    authorizeWrite: requirePlatformAdmin,
    fields: (b, existing) => ({
      menuId: parseId(str(b.menuId)) ?? 0n,
      resourceCode: str(b.resourceCode),
      scopeName: str(b.scopeName),
      scopePath: str(b.scopePath),
      scopeType: b.scopeType as number,
      remark: str(b.remark, existing?.remark ?? ''),
    }),
    afterWrite: refresh,
    ops: {
      list: 'apiScopeList',
      detail: 'apiScopeDetail',
      submit: 'apiScopeSubmit',
      remove: 'apiScopeRemove',
    },
  });

  // removes: refresh once the rows are gone (a refresh before could reload them)
  const afterRemove =
    (h: (req: FastifyRequest) => Promise<unknown>) =>
    async (req: FastifyRequest): Promise<unknown> => {
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
