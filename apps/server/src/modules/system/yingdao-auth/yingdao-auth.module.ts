/**
 * Yingdao open-API credentials (docs/spec.md §3 "RPA and vendor", docs/automation-domain.md §2.5), tenant-owned, served twice by
 * the contract with the same rows: smart-system/yingdao-auth (list, detail, remove, save, update), the generic
 * module from the contract's `yingdao-auth` declaration (src/crud/define-module.ts), and smart-yingdao/yingdao_auth
 * (list, detail, remove, submit) on the same module.
 *
 * The access key secret, the callback secret and the cached access token are encrypted at rest (src/kernel/secret-box.ts)
 * and never returned: answers carry the mask (src/kernel/secret.ts), and a write that sends the mask back keeps
 * the stored secret. A changed key (base URL, key id or secret) drops the cached token, which belonged to the old
 * key.
 */
import type { FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller, type PageQuery } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { yingdaoAuth } from '../../../db/schema';
import { customerFilter, customerFilterOff } from '../../../kernel/customer';
import { SECRET_MASK } from '../../../kernel/secret';
import { BizError, ok, parseId, str } from '../../../util';
import { SecretBox } from '../../../kernel/secret-box';

type YingdaoAuthRow = typeof yingdaoAuth.$inferSelect;
type Body = Record<string, unknown>;
type Handler = (req: FastifyRequest) => Promise<unknown>;

const DUPLICATE_NAME_MSG = '授权名称已存在';
const SECRET_REQUIRED_MSG = '请输入AccessKeySecret';
const CALLBACK_SECRET_REQUIRED_MSG = '请输入回调密钥';
const BAD_CUSTOMER_MSG = '客户编号错误';

/**
 * `ydUserId`: empty (or absent) is the tenant default; anything else must be an id. Checked before the generic form
 * reads it, which would refuse a non-id with its own message.
 */
function checkCustomer(b: Body): void {
  const s = str(b.ydUserId) ?? '';
  if (s !== '' && parseId(s) === undefined) throw new BizError(BAD_CUSTOMER_MSG);
}

export function yingdaoAuthModule(db: Db, entities: EntityRegistry) {
  const box = new SecretBox(db, 'yingdao_auth_aes256');

  /**
   * The form values as stored: the URL trimmed, a new secret sealed while the mask keeps the stored one (and cannot
   * create a row), and the cached token dropped when the key it was issued for changes.
   */
  async function secured(v: Body, existing: YingdaoAuthRow | undefined): Promise<Body> {
    const { accessKeySecret, callbackSecret, ...out } = v;
    const apiBaseUrl = (v.apiBaseUrl as string).trim();
    out.apiBaseUrl = apiBaseUrl;
    const secret = accessKeySecret as string;
    let secretChanged = false;
    if (secret === SECRET_MASK) {
      if (!existing) throw new BizError(SECRET_REQUIRED_MSG);
    } else {
      // a stored secret that no longer opens (sealed under another key, or written by hand) is replaced by the new
      // one: refusing every update would leave the row impossible to repair from the console
      const stored = existing ? await box.open(existing.accessKeySecret).catch(() => undefined) : undefined;
      secretChanged = stored !== secret;
      if (secretChanged) out.accessKeySecret = await box.seal(secret);
    }
    const cb = str(callbackSecret);
    if (cb === SECRET_MASK) {
      if (!existing || existing.callbackSecret === '') throw new BizError(CALLBACK_SECRET_REQUIRED_MSG);
    } else if (cb !== undefined) {
      out.callbackSecret = await box.seal(cb);
    }
    const keyChanged =
      existing !== undefined &&
      (secretChanged || existing.apiBaseUrl !== apiBaseUrl || existing.accessKeyId !== v.accessKeyId);
    return keyChanged ? { ...out, accessToken: '', tokenExpireTime: null } : out;
  }

  const m = defineCrudModule(db, entities.get('yingdao-auth'), yingdaoAuth, {
    filters: {
      // smart-yingdao's key id and creation-time bounds (the plain createTime an exact time), on both lists
      accessKeyId: { column: yingdaoAuth.accessKeyId, plain: 'like' },
      createTime: { column: yingdaoAuth.createTime, plain: 'dateequal', kinds: ['dategt', 'datelt'] },
      ydUserId: customerFilterOff(yingdaoAuth.ydUserId),
    },
    sortable: {
      id: yingdaoAuth.id,
      auth_name: yingdaoAuth.authName,
      access_key_id: yingdaoAuth.accessKeyId,
      create_time: yingdaoAuth.createTime,
      update_time: yingdaoAuth.updateTime,
    },
    // also the partial unique index smart_yingdao_auth_name_uq, which settles concurrent saves
    unique: [{ columns: { authName: yingdaoAuth.authName }, message: DUPLICATE_NAME_MSG }],
    // an unset callback secret shows as empty, so the form tells "none" from "stored"
    view: (r) => ({
      accessKeySecret: SECRET_MASK,
      callbackSecret: r.callbackSecret === '' ? '' : SECRET_MASK,
    }),
    form: (v, _b, existing) => secured(v, existing),
  });

  /** The customer filter of both lists: `ydUserId` on smart-system, `ydUserId_equal` on smart-yingdao. */
  const list: Handler = async (req) => {
    const q = req.query as PageQuery & Record<string, unknown>;
    return ok(
      await m.page(caller(req), q, customerFilter(yingdaoAuth.ydUserId, q, ['ydUserId', 'ydUserId_equal'])),
    );
  };
  const customerChecked =
    (h: Handler): Handler =>
    async (req) => {
      checkCustomer(req.body as Body);
      return h(req);
    };

  return {
    ...m.handlers,
    yingdaoAuthList: list,
    yingdaoAuthSave: customerChecked(m.handlers.yingdaoAuthSave!),
    yingdaoAuthUpdate: customerChecked(m.handlers.yingdaoAuthUpdate!),
    ydYingdaoAuthList: list,
    ydYingdaoAuthDetail: m.handlers.yingdaoAuthDetail!,
    ydYingdaoAuthRemove: m.handlers.yingdaoAuthRemove!,
    /** Creates (no id) or updates (an id of the caller's tenant); `data` is the saved row. */
    async ydYingdaoAuthSubmit(req: FastifyRequest) {
      const body = req.body as Body;
      checkCustomer(body);
      return ok(m.toVO(await m.submit(caller(req), body, 'submit')));
    },
  };
}
