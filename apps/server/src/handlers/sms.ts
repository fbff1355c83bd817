/**
 * SMS configs (docs/platform-contract.md §3.16, §4.12) and `endpoint/send-message`. Tenant-owned; the secret key is masked as
 * for oss, and `enable` keeps exactly one active config per tenant. Messages go to the provider of the config's
 * category (src/sms: the built-in log provider).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller, crud } from '../crud/index';
import type { Db } from '../db/index';
import { sms } from '../db/schema';
import { smsProviderFor } from '../sms/index';
import { auditVO, BizError, ok, parseId } from '../util';
import { DUPLICATE_CODE_MSG, SECRET_MASK, enableOne, secretOf, statusName, switchable } from './oss';

type SmsRow = typeof sms.$inferSelect;

export const SEND_OK_MSG = '发送成功';
export const SEND_FAILED_MSG = '发送失败';
export const BAD_PARAMS_MSG = '短信参数格式错误';

/** Labels of the dictionary `sms`. */
const CATEGORY: Record<number, string> = { 1: '云片', 2: '七牛云', 3: '阿里云', 4: '腾讯云' };
const SMS_LOCK = 86000402;

export function toSmsVO(s: SmsRow) {
  return {
    id: s.id.toString(),
    tenantId: s.tenantId,
    categoryName: CATEGORY[s.category] ?? '',
    statusName: statusName(s.status),
    category: s.category,
    smsCode: s.smsCode,
    templateId: s.templateId,
    accessKey: s.accessKey,
    secretKey: SECRET_MASK,
    regionId: s.regionId,
    signName: s.signName,
    remark: s.remark,
    ...auditVO(s),
  };
}

/** `params`: a JSON object of template variables; values become strings (providers take strings). */
function parseParams(raw: string | undefined): Record<string, string> {
  if (raw === undefined || raw === '') return {};
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new BizError(BAD_PARAMS_MSG);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new BizError(BAD_PARAMS_MSG);
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) {
    if (typeof val !== 'string' && typeof val !== 'number' && typeof val !== 'boolean') {
      throw new BizError(BAD_PARAMS_MSG);
    }
    out[k] = String(val);
  }
  return out;
}

export function smsHandlers(db: Db) {
  const m = crud<SmsRow>(db, {
    table: sms,
    id: sms.id,
    isDeleted: sms.isDeleted,
    tenantId: sms.tenantId,
    audited: true,
    toVO: toSmsVO,
    filters: {
      category: { column: sms.category, plain: 'equal', kinds: ['equal'] },
      smsCode: { column: sms.smsCode, plain: 'equal', kinds: ['equal', 'like'] },
    },
    sortable: {
      id: sms.id,
      category: sms.category,
      sms_code: sms.smsCode,
      status: sms.status,
      create_time: sms.createTime,
      update_time: sms.updateTime,
    },
    defaultOrder: [desc(sms.createTime)],
    unique: [{ columns: { smsCode: sms.smsCode }, message: DUPLICATE_CODE_MSG }],
    fields: (b, existing) => ({
      category: b.category,
      smsCode: b.smsCode,
      templateId: b.templateId,
      accessKey: b.accessKey,
      secretKey: secretOf(b, existing),
      ...(b.regionId !== undefined ? { regionId: b.regionId } : {}),
      ...(b.signName !== undefined ? { signName: b.signName } : {}),
      ...(b.remark !== undefined ? { remark: b.remark } : {}),
    }),
    ops: { list: 'smsList', detail: 'smsDetail', submit: 'smsSubmit', remove: 'smsRemove' },
  });

  /** The config named `code`, else the tenant's active one (as upstream's SmsBuilder falls back). */
  async function configFor(tenantId: string, code: string): Promise<SmsRow | undefined> {
    const live = and(eq(sms.tenantId, tenantId), eq(sms.isDeleted, 0));
    const [named] = await db
      .select()
      .from(sms)
      .where(and(live, eq(sms.smsCode, code)))
      .limit(1);
    if (named) return named;
    const [active] = await db
      .select()
      .from(sms)
      .where(and(live, eq(sms.status, 2)))
      .limit(1);
    return active;
  }

  return {
    ...m.handlers,
    async smsEnable(req: FastifyRequest) {
      const { id } = req.query as { id: string };
      await enableOne(db, switchable(sms), SMS_LOCK, caller(req), id);
      return ok({});
    },

    async smsSendMessage(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as { code: string; phones: string; params?: string };
      const params = parseParams(q.params);
      const phones = [...new Set(q.phones.split(','))];
      // a tenant without any config gets the built-in log provider (as oss falls back to the local store)
      const cfg = (await configFor(a.tenant_id, q.code)) ?? {
        id: 0n,
        tenantId: a.tenant_id,
        category: 1,
        smsCode: 'log',
        templateId: '',
        signName: '',
      };
      let sent: boolean;
      try {
        sent = await smsProviderFor(cfg.category, db, req.log).send(cfg, {
          phones,
          params,
          userId: parseId(a.user_id) ?? null,
        });
      } catch (err) {
        req.log.warn({ err }, 'sms provider failed');
        sent = false;
      }
      if (!sent) throw new BizError(SEND_FAILED_MSG);
      return { ...ok({}), msg: SEND_OK_MSG };
    },
  };
}
