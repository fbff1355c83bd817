import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../auth/tokens';
import type { Db } from '../db/index';
import { param } from '../db/schema';
import { AuthError, BizError, escapeLike, formatDateTime, idStr, nextId, ok, parseId } from '../util';

type ParamRow = typeof param.$inferSelect;

/** Sortable columns (snake_case names as the client sends them in ascs/descs). */
const SORTABLE = {
  id: param.id,
  param_name: param.paramName,
  param_key: param.paramKey,
  param_value: param.paramValue,
  remark: param.remark,
  status: param.status,
  create_time: param.createTime,
  update_time: param.updateTime,
} as const;

export const NOT_FOUND_MSG = '数据不存在';
export const DUPLICATE_KEY_MSG = '参数键名已存在';

export function toParamVO(p: ParamRow) {
  return {
    id: p.id.toString(),
    tenantId: p.tenantId,
    paramName: p.paramName,
    paramKey: p.paramKey,
    paramValue: p.paramValue,
    remark: p.remark,
    createUser: idStr(p.createUser),
    createDept: idStr(p.createDept),
    createTime: formatDateTime(p.createTime),
    updateUser: idStr(p.updateUser),
    updateTime: formatDateTime(p.updateTime),
    status: p.status,
    isDeleted: p.isDeleted,
  };
}

function orderBy(ascs: string | undefined, descs: string | undefined): SQL[] {
  const out: SQL[] = [];
  const add = (list: string | undefined, dir: typeof asc) => {
    for (const name of (list ?? '').split(',').filter(Boolean)) {
      const col = SORTABLE[name as keyof typeof SORTABLE];
      if (!col) throw new BizError(`不支持的排序字段: ${name}`);
      out.push(dir(col));
    }
  };
  add(ascs, asc);
  add(descs, desc);
  if (out.length === 0) out.push(desc(param.createTime));
  out.push(desc(param.id)); // stable paging
  return out;
}

const isUniqueViolation = (e: unknown): boolean => {
  for (let cur: unknown = e; cur && typeof cur === 'object'; cur = (cur as { cause?: unknown }).cause) {
    if ((cur as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

function caller(req: FastifyRequest): TokenClaims {
  if (!req.auth) throw new AuthError();
  return req.auth;
}

const firstId = (list: string) => parseId(list.split(',')[0]) ?? null;

export function paramHandlers(db: Db) {
  const live = (tenantId: string) => and(eq(param.tenantId, tenantId), eq(param.isDeleted, 0));

  async function findOwn(tenantId: string, id: bigint | undefined): Promise<ParamRow> {
    if (id === undefined) throw new BizError(NOT_FOUND_MSG);
    const [row] = await db
      .select()
      .from(param)
      .where(and(live(tenantId), eq(param.id, id)))
      .limit(1);
    if (!row) throw new BizError(NOT_FOUND_MSG);
    return row;
  }

  async function assertKeyFree(tenantId: string, key: string, exceptId?: bigint) {
    const [dup] = await db
      .select({ id: param.id })
      .from(param)
      .where(
        and(
          live(tenantId),
          eq(param.paramKey, key),
          exceptId === undefined ? undefined : ne(param.id, exceptId),
        ),
      )
      .limit(1);
    if (dup) throw new BizError(DUPLICATE_KEY_MSG);
  }

  return {
    async paramList(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as {
        current?: number;
        size?: number;
        ascs?: string;
        descs?: string;
        paramName?: string;
        paramKey?: string;
        paramValue?: string;
      };
      const current = q.current ?? 1;
      const size = q.size ?? 10;
      const conds: (SQL | undefined)[] = [live(a.tenant_id)];
      for (const [field, col] of [
        ['paramName', param.paramName],
        ['paramKey', param.paramKey],
        ['paramValue', param.paramValue],
      ] as const) {
        const v = q[field];
        if (v) conds.push(ilike(col, `%${escapeLike(v)}%`));
      }
      const where = and(...conds);
      const order = orderBy(q.ascs, q.descs);
      const [totalRow] = await db.select({ n: count() }).from(param).where(where);
      const total = Number(totalRow?.n ?? 0);
      const records =
        total === 0 || (current - 1) * size >= total
          ? []
          : await db
              .select()
              .from(param)
              .where(where)
              .orderBy(...order)
              .limit(size)
              .offset((current - 1) * size);
      return ok({ records: records.map(toParamVO), total, size, current, pages: Math.ceil(total / size) });
    },

    async paramDetail(req: FastifyRequest) {
      const a = caller(req);
      const { id } = req.query as { id: string };
      return ok(toParamVO(await findOwn(a.tenant_id, parseId(id))));
    },

    async paramSubmit(req: FastifyRequest) {
      const a = caller(req);
      const body = req.body as {
        id?: string;
        paramName: string;
        paramKey: string;
        paramValue: string;
        remark?: string;
      };
      if (!body || typeof body !== 'object' || typeof body.paramName !== 'string')
        throw new BizError('参数校验失败');
      const userId = parseId(a.user_id) ?? null;
      const now = new Date();
      const fields = {
        paramName: body.paramName,
        paramKey: body.paramKey,
        paramValue: body.paramValue,
        ...(body.remark !== undefined ? { remark: body.remark } : {}),
      };
      try {
        if (body.id) {
          const existing = await findOwn(a.tenant_id, parseId(body.id));
          await assertKeyFree(a.tenant_id, body.paramKey, existing.id);
          const [row] = await db
            .update(param)
            .set({ ...fields, updateUser: userId, updateTime: now })
            .where(and(live(a.tenant_id), eq(param.id, existing.id)))
            .returning();
          if (!row) throw new BizError(NOT_FOUND_MSG);
          return ok(toParamVO(row));
        }
        await assertKeyFree(a.tenant_id, body.paramKey);
        const [row] = await db
          .insert(param)
          .values({
            id: nextId(),
            tenantId: a.tenant_id,
            ...fields,
            createUser: userId,
            createDept: firstId(a.dept_id),
            createTime: now,
            updateUser: userId,
            updateTime: now,
            status: 1,
            isDeleted: 0,
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        return ok(toParamVO(row));
      } catch (e) {
        // a concurrent submit of the same key loses on the partial unique index
        if (isUniqueViolation(e)) throw new BizError(DUPLICATE_KEY_MSG);
        throw e;
      }
    },

    async paramRemove(req: FastifyRequest) {
      const a = caller(req);
      const { ids } = req.query as { ids: string };
      const list = [
        ...new Set(
          ids
            .split(',')
            .map((s) => parseId(s))
            .filter((x): x is bigint => x !== undefined),
        ),
      ];
      if (list.length > 0) {
        await db
          .update(param)
          .set({ isDeleted: 1, updateUser: parseId(a.user_id) ?? null, updateTime: new Date() })
          .where(and(live(a.tenant_id), inArray(param.id, list)));
      }
      return ok({});
    },
  };
}
