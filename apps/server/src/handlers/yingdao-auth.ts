/**
 * Yingdao open-API credentials (docs/spec.md §3 "RPA and vendor", docs/automation-domain.md §2.5), tenant-owned, served twice by
 * the contract with the same rows: smart-system/yingdao-auth (list, detail, remove, save, update) and
 * smart-yingdao/yingdao_auth (list, detail, remove, submit).
 *
 * The access key secret, the callback secret and the cached access token are encrypted at rest (AES-256-GCM,
 * `SecretBox`) and never returned: responses carry the mask `******`, and a write that sends the mask back keeps
 * the stored secret. A changed key (base URL, key id or secret) drops the cached token, which belonged to the old
 * key.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller, crud, type PageQuery } from '../crud/index';
import type { Db } from '../db/index';
import { serverSecret, yingdaoAuth } from '../db/schema';
import { auditVO, BizError, formatDateTime, idStr, ok, parseId, str } from '../util';

type YingdaoAuthRow = typeof yingdaoAuth.$inferSelect;
type Body = Record<string, unknown>;

export const SECRET_MASK = '******';
export const DUPLICATE_NAME_MSG = '授权名称已存在';
const SECRET_REQUIRED_MSG = '请输入AccessKeySecret';
const CALLBACK_SECRET_REQUIRED_MSG = '请输入回调密钥';
const BAD_CUSTOMER_MSG = '客户编号错误';

/* ------------------------------------------------------------------ secrets at rest */

const KEY_NAME = 'yingdao_auth_aes256';
const VERSION = 'v1';

/**
 * AES-256-GCM over the secrets of this module with a random key kept in `smart_server_secret` (created on first
 * use and shared by every instance on the database). It keeps the secrets out of query results, logs and backups
 * of this table; whoever can read `smart_server_secret` as well can decrypt them.
 */
export class SecretBox {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly db: Db) {}

  private loadKey(): Promise<Buffer> {
    if (!this.key) {
      this.key = (async () => {
        await this.db
          .insert(serverSecret)
          .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') })
          .onConflictDoNothing();
        const [row] = await this.db.select().from(serverSecret).where(eq(serverSecret.name, KEY_NAME));
        if (!row) throw new Error('yingdao secret key missing');
        return Buffer.from(row.value, 'base64url');
      })();
      // a failed load (e.g. a dropped connection) is retried on the next call
      this.key.catch(() => (this.key = undefined));
    }
    return this.key;
  }

  /** `v1.<iv|tag|ciphertext>` (base64url); the empty string stays empty, so "not set" needs no decryption. */
  async seal(plain: string): Promise<string> {
    if (plain === '') return '';
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.loadKey(), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  async open(sealed: string): Promise<string> {
    if (sealed === '') return '';
    const [version, data] = sealed.split('.');
    if (version !== VERSION || !data) throw new Error('not a sealed yingdao secret');
    const raw = Buffer.from(data, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', await this.loadKey(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/* ------------------------------------------------------------------ view object */

export function toYingdaoAuthVO(r: YingdaoAuthRow) {
  return {
    id: r.id.toString(),
    tenantId: r.tenantId,
    tokenExpireTime: formatDateTime(r.tokenExpireTime),
    lastCheckTime: formatDateTime(r.lastCheckTime),
    lastCheckOk: r.lastCheckOk,
    ydUserId: idStr(r.ydUserId),
    authName: r.authName,
    apiBaseUrl: r.apiBaseUrl,
    accessKeyId: r.accessKeyId,
    accessKeySecret: SECRET_MASK,
    defaultAccountName: r.defaultAccountName,
    defaultRobotGroupUuid: r.defaultRobotGroupUuid,
    appMap: r.appMap,
    callbackUrl: r.callbackUrl,
    // an unset callback secret shows as empty, so the form tells "none" from "stored"
    callbackSecret: r.callbackSecret === '' ? '' : SECRET_MASK,
    remark: r.remark,
    ...auditVO(r),
  };
}

/* ------------------------------------------------------------------ handlers */

/** `ydUserId`: empty (or absent) is the tenant default (null). */
function customerOf(v: unknown): bigint | null {
  const s = str(v) ?? '';
  if (s === '') return null;
  const id = parseId(s);
  if (id === undefined) throw new BizError(BAD_CUSTOMER_MSG);
  return id;
}

export function yingdaoAuthHandlers(db: Db) {
  const box = new SecretBox(db);

  /**
   * Column values of a validated body: absent optional fields keep the stored value on update, the mask keeps a
   * stored secret, and the cached token goes when the key it was issued for changes.
   */
  async function fields(b: Body, existing: YingdaoAuthRow | undefined): Promise<Record<string, unknown>> {
    const apiBaseUrl = (b.apiBaseUrl as string).trim();
    const accessKeyId = b.accessKeyId as string;
    const secret = b.accessKeySecret as string;
    let accessKeySecret: string | undefined;
    let secretChanged = false;
    if (secret === SECRET_MASK) {
      if (!existing) throw new BizError(SECRET_REQUIRED_MSG);
    } else {
      // a stored secret that no longer opens (sealed under another key, or written by hand) is replaced by the new
      // one: refusing every update would leave the row impossible to repair from the console
      const stored = existing ? await box.open(existing.accessKeySecret).catch(() => undefined) : undefined;
      secretChanged = stored !== secret;
      if (secretChanged) accessKeySecret = await box.seal(secret);
    }
    const cb = str(b.callbackSecret);
    let callbackSecret: string | undefined;
    if (cb === SECRET_MASK) {
      if (!existing || existing.callbackSecret === '') throw new BizError(CALLBACK_SECRET_REQUIRED_MSG);
    } else if (cb !== undefined) {
      callbackSecret = await box.seal(cb);
    }
    const keyChanged =
      existing !== undefined &&
      (secretChanged || existing.apiBaseUrl !== apiBaseUrl || existing.accessKeyId !== accessKeyId);
    const optional = (prop: string, value: unknown) =>
      b[prop] !== undefined ? { [prop]: value } : ({} as Record<string, unknown>);
    return {
      authName: b.authName,
      apiBaseUrl,
      accessKeyId,
      ...(accessKeySecret !== undefined ? { accessKeySecret } : {}),
      ...(callbackSecret !== undefined ? { callbackSecret } : {}),
      ...(keyChanged ? { accessToken: '', tokenExpireTime: null } : {}),
      ...(b.ydUserId !== undefined || !existing ? { ydUserId: customerOf(b.ydUserId) } : {}),
      ...optional('defaultAccountName', b.defaultAccountName),
      ...optional('defaultRobotGroupUuid', b.defaultRobotGroupUuid),
      ...optional('appMap', b.appMap),
      ...optional('callbackUrl', b.callbackUrl),
      ...optional('remark', b.remark),
    };
  }

  const m = crud<YingdaoAuthRow>(db, {
    table: yingdaoAuth,
    id: yingdaoAuth.id,
    isDeleted: yingdaoAuth.isDeleted,
    tenantId: yingdaoAuth.tenantId,
    audited: true,
    toVO: toYingdaoAuthVO,
    filters: {
      authName: { column: yingdaoAuth.authName, plain: 'like' },
      accessKeyId: { column: yingdaoAuth.accessKeyId, plain: 'like' },
      // smart-yingdao's creation-time bounds; the plain key is an exact time, never a contains-match
      createTime: { column: yingdaoAuth.createTime, plain: 'dateequal', kinds: ['dategt', 'datelt'] },
    },
    sortable: {
      id: yingdaoAuth.id,
      auth_name: yingdaoAuth.authName,
      access_key_id: yingdaoAuth.accessKeyId,
      create_time: yingdaoAuth.createTime,
      update_time: yingdaoAuth.updateTime,
    },
    defaultOrder: [desc(yingdaoAuth.createTime)],
    unique: [{ columns: { authName: yingdaoAuth.authName }, message: DUPLICATE_NAME_MSG }],
    fields: (b, existing) => fields(b, existing),
    ops: {
      detail: 'yingdaoAuthDetail',
      save: 'yingdaoAuthSave',
      update: 'yingdaoAuthUpdate',
      remove: 'yingdaoAuthRemove',
    },
  });

  /**
   * Pages with the customer filter (`ydUserId` on smart-system, `ydUserId_equal` on smart-yingdao): an id outside
   * int8 matches nothing instead of failing in the database.
   */
  async function list(req: FastifyRequest) {
    const q = req.query as PageQuery & Record<string, unknown>;
    const extra: SQL[] = [];
    const customer = str(q.ydUserId) || str(q.ydUserId_equal);
    if (customer) {
      const id = parseId(customer);
      extra.push(id === undefined ? sql`false` : eq(yingdaoAuth.ydUserId, id));
    }
    return ok(await m.page(caller(req), q, extra));
  }

  return {
    ...m.handlers,
    yingdaoAuthList: list,
    ydYingdaoAuthList: list,
    ydYingdaoAuthDetail: m.handlers.yingdaoAuthDetail!,
    ydYingdaoAuthRemove: m.handlers.yingdaoAuthRemove!,
    /** Creates (no id) or updates (an id of the caller's tenant); `data` is the saved row. */
    async ydYingdaoAuthSubmit(req: FastifyRequest) {
      const row = await m.submit(caller(req), req.body as Body, 'submit');
      return ok(toYingdaoAuthVO(row));
    },
  };
}
