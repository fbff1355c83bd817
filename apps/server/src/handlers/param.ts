import { desc } from 'drizzle-orm';
import type { Db } from '../db/index';
import { param } from '../db/schema';
import { crud, NOT_FOUND_MSG } from '../crud/index';
import { auditVO } from '../util';

type ParamRow = typeof param.$inferSelect;

export { NOT_FOUND_MSG };
export const DUPLICATE_KEY_MSG = '参数键名已存在';

export function toParamVO(p: ParamRow) {
  return {
    id: p.id.toString(),
    tenantId: p.tenantId,
    paramName: p.paramName,
    paramKey: p.paramKey,
    paramValue: p.paramValue,
    remark: p.remark,
    ...auditVO(p),
  };
}

export function paramHandlers(db: Db) {
  return crud<ParamRow>(db, {
    table: param,
    id: param.id,
    isDeleted: param.isDeleted,
    tenantId: param.tenantId,
    audited: true,
    toVO: toParamVO,
    filters: {
      paramName: { column: param.paramName },
      paramKey: { column: param.paramKey },
      paramValue: { column: param.paramValue },
    },
    sortable: {
      id: param.id,
      param_name: param.paramName,
      param_key: param.paramKey,
      param_value: param.paramValue,
      remark: param.remark,
      status: param.status,
      create_time: param.createTime,
      update_time: param.updateTime,
    },
    defaultOrder: [desc(param.createTime)],
    unique: [{ columns: { paramKey: param.paramKey }, message: DUPLICATE_KEY_MSG }],
    fields: (b) => ({
      paramName: b.paramName,
      paramKey: b.paramKey,
      paramValue: b.paramValue,
      ...(b.remark !== undefined ? { remark: b.remark } : {}),
    }),
    submitResult: toParamVO,
    dataScope: {
      code: 'param',
      columns: { create_user: param.createUser, create_dept: param.createDept, id: param.id },
    },
    ops: { list: 'paramList', detail: 'paramDetail', submit: 'paramSubmit', remove: 'paramRemove' },
  }).handlers;
}
