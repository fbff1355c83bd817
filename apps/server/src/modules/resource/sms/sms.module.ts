/**
 * SMS configs (docs/platform-contract.md §3.16, §4.12) and `endpoint/send-message`. Tenant-owned: the generic module
 * from the contract's `sms` declaration (src/crud/define-module.ts), plus what the contract cannot say: the default
 * order, the labels and the masked secret of the view (src/kernel/secret.ts), `enable`, which keeps exactly one
 * active config per tenant (src/kernel/active-config.ts), and sending. Messages go to the provider of the config's
 * category (src/sms: the built-in log provider).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { sms } from '../../../db/schema';
import { enableOne, statusName } from '../../../kernel/active-config';
import { SECRET_MASK, secretOf } from '../../../kernel/secret';
import { smsProviderFor } from '../../../sms/index';
import { BizError, ok, parseId } from '../../../util';

type SmsRow = typeof sms.$inferSelect;

const SEND_OK_MSG = '发送成功';
const SEND_FAILED_MSG = '发送失败';
const BAD_PARAMS_MSG = '短信参数格式错误';

/** Labels of the dictionary `sms` (seed-dicts.ts), the view's `categoryName`. */
const CATEGORY: Record<number, string> = { 1: '云片', 2: '七牛云', 3: '阿里云', 4: '腾讯云' };
/** Advisory lock of `enable` (src/kernel/active-config.ts), distinct from the oss one. */
const SMS_LOCK = 86000402;

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

export function smsModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('sms'), sms, {
    defaultOrder: [desc(sms.createTime)],
    view: (s) => ({
      categoryName: CATEGORY[s.category] ?? '',
      statusName: statusName(s.status),
      secretKey: SECRET_MASK,
    }),
    form: (v, _b, existing) => ({
      ...v,
      secretKey: secretOf(v.secretKey as string, existing?.secretKey, '请输入secretKey'),
    }),
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
      await enableOne(db, sms, SMS_LOCK, caller(req), id);
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
