/**
 * Object storage configs (docs/platform-contract.md §3.15, §4.12) and the upload endpoint. Tenant-owned; the secret key never
 * leaves the server (responses carry `******`, and submitting the mask back keeps the stored secret). `enable`
 * makes one config the tenant's active one; uploads go to the provider it names (src/storage).
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../auth/tokens';
import { caller, crud } from '../crud/index';
import type { Db } from '../db/index';
import { attach, oss, type sms } from '../db/schema';
import { storageFor } from '../storage/index';
import { isUploadedFile } from '../storage/multipart';
import { INLINE_TYPES, contentTypeOf, extensionOf, newObjectName, sniffImage } from '../storage/names';
import { auditVO, BizError, nextId, ok, parseId } from '../util';

type OssRow = typeof oss.$inferSelect;
type Body = Record<string, unknown>;

export const SECRET_MASK = '******';
export const DUPLICATE_CODE_MSG = '当前资源编号已存在!';
export const AVATAR_MAX_BYTES = 500 * 1024;
export const AVATAR_TYPE_MSG = '头像只能是 JPG/PNG 格式';
export const AVATAR_SIZE_MSG = '头像大小不能超过 500KB';
export const CONTENT_MISMATCH_MSG = '文件内容与扩展名不符';
export const EMPTY_FILE_MSG = '上传文件不能为空';

/** Labels of the dictionary `oss`. */
const CATEGORY: Record<number, string> = { 1: 'minio', 2: '七牛云', 3: '阿里云', 4: '腾讯云' };
/** Labels of the dictionary `yes_no` (1 no, 2 yes). */
export const statusName = (s: number): string => (s === 2 ? '是' : '否');

export function toOssVO(o: OssRow) {
  return {
    id: o.id.toString(),
    tenantId: o.tenantId,
    categoryName: CATEGORY[o.category] ?? '',
    statusName: statusName(o.status),
    category: o.category,
    ossCode: o.ossCode,
    endpoint: o.endpoint,
    accessKey: o.accessKey,
    secretKey: SECRET_MASK,
    bucketName: o.bucketName,
    appId: o.appId,
    region: o.region,
    remark: o.remark,
    ...auditVO(o),
  };
}

/** A submitted secret: the mask keeps the stored one (update only; a new config needs a real secret). */
export function secretOf(body: Body, existing: { secretKey: string } | undefined): string {
  const s = body.secretKey as string;
  if (s !== SECRET_MASK) return s;
  if (!existing) throw new BizError('请输入secretKey');
  return existing.secretKey;
}

export interface Switchable {
  table: PgTable;
  id: PgColumn;
  tenantId: PgColumn;
  status: PgColumn;
  isDeleted: PgColumn;
  updateUser: PgColumn;
  updateTime: PgColumn;
}

/**
 * Makes row `id` of the caller's tenant the only active one (status 2), in one transaction serialised per tenant
 * by an advisory lock: concurrent enables run one after the other and the last one wins. The partial unique index
 * `..._active_uq` guarantees it at the database level too. An unknown id (or another tenant's) changes nothing and
 * answers success, like `remove` (upstream answers success too, after disabling every config; we keep the active one).
 */
export async function enableOne(db: Db, t: Switchable, lockKey: number, a: TokenClaims, idParam: string) {
  const id = parseId(idParam);
  if (id === undefined) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockKey}, hashtext(${a.tenant_id}))`);
    const live = and(eq(t.tenantId, a.tenant_id), eq(t.isDeleted, 0));
    const [row] = await tx
      .select({ id: t.id })
      .from(t.table)
      .where(and(live, eq(t.id, id)))
      .limit(1);
    if (!row) return;
    const audit = { updateUser: parseId(a.user_id) ?? null, updateTime: new Date() };
    await tx
      .update(t.table)
      .set({ status: 1, ...audit } as never)
      .where(and(live, eq(t.status, 2), ne(t.id, id)));
    await tx
      .update(t.table)
      .set({ status: 2, ...audit } as never)
      .where(and(live, eq(t.id, id)));
  });
}

export const switchable = (t: typeof oss | typeof sms): Switchable => ({
  table: t,
  id: t.id,
  tenantId: t.tenantId,
  status: t.status,
  isDeleted: t.isDeleted,
  updateUser: t.updateUser,
  updateTime: t.updateTime,
});

const OSS_LOCK = 86000401;

/** The tenant's active config, if any. */
async function activeOss(db: Db, tenantId: string): Promise<OssRow | undefined> {
  const [row] = await db
    .select()
    .from(oss)
    .where(and(eq(oss.tenantId, tenantId), eq(oss.isDeleted, 0), eq(oss.status, 2)))
    .limit(1);
  return row;
}

export interface UploadOptions {
  uploadDir: string;
}

/** `upload.png` → `upload.png`; `C:\fakepath\a.png` → `a.png`; capped to the column size. */
const baseName = (filename: string): string => {
  const n = filename.split(/[\\/]/).pop()?.trim() ?? '';
  return (n || 'file').slice(0, 500);
};

export function ossHandlers(db: Db, opts: UploadOptions) {
  const m = crud<OssRow>(db, {
    table: oss,
    id: oss.id,
    isDeleted: oss.isDeleted,
    tenantId: oss.tenantId,
    audited: true,
    toVO: toOssVO,
    filters: {
      category: { column: oss.category, plain: 'equal', kinds: ['equal'] },
      ossCode: { column: oss.ossCode, plain: 'equal', kinds: ['equal', 'like'] },
    },
    sortable: {
      id: oss.id,
      category: oss.category,
      oss_code: oss.ossCode,
      status: oss.status,
      create_time: oss.createTime,
      update_time: oss.updateTime,
    },
    defaultOrder: [desc(oss.createTime)],
    unique: [{ columns: { ossCode: oss.ossCode }, message: DUPLICATE_CODE_MSG }],
    // the endpoint is checked when an upload uses it (storageFor), as upstream stores any text
    fields: (b, existing) => ({
      category: b.category,
      ossCode: b.ossCode,
      endpoint: (b.endpoint as string).trim(),
      accessKey: b.accessKey,
      secretKey: secretOf(b, existing),
      bucketName: b.bucketName,
      ...(b.appId !== undefined ? { appId: b.appId } : {}),
      ...(b.region !== undefined ? { region: b.region } : {}),
      ...(b.remark !== undefined ? { remark: b.remark } : {}),
    }),
    ops: { list: 'ossList', detail: 'ossDetail', submit: 'ossSubmit', remove: 'ossRemove' },
  });

  return {
    ...m.handlers,
    async ossEnable(req: FastifyRequest) {
      const { id } = req.query as { id: string };
      await enableOne(db, switchable(oss), OSS_LOCK, caller(req), id);
      return ok({});
    },

    /** Stores the file with the tenant's active provider and records an attachment row. */
    async ossPutFile(req: FastifyRequest) {
      const a = caller(req);
      const { kind } = req.query as { kind?: 'file' | 'avatar' };
      const file = (req.body as Body | undefined)?.file;
      if (!isUploadedFile(file)) throw new BizError('请上传文件');
      const { data } = file;
      if (data.length === 0) throw new BizError(EMPTY_FILE_MSG);
      const originalName = baseName(file.filename);
      const sniffed = sniffImage(data);
      let ext: string;
      if (kind === 'avatar') {
        // the type is what the bytes say, not the name or the client's content type
        if (sniffed !== 'png' && sniffed !== 'jpg') throw new BizError(AVATAR_TYPE_MSG);
        if (data.length > AVATAR_MAX_BYTES) throw new BizError(AVATAR_SIZE_MSG);
        ext = sniffed;
      } else {
        ext = extensionOf(originalName);
        // types served inline must really be that image
        if (Object.hasOwn(INLINE_TYPES, ext)) {
          const want = ext === 'jpeg' ? 'jpg' : ext;
          if (sniffed !== want) throw new BizError(CONTENT_MISMATCH_MSG);
        }
      }
      const storage = storageFor(await activeOss(db, a.tenant_id), opts.uploadDir, a.tenant_id);
      const stored = await storage.put(newObjectName(ext), data, contentTypeOf(ext));
      const userId = parseId(a.user_id) ?? null;
      const now = new Date();
      const attachId = nextId();
      await db.insert(attach).values({
        id: attachId,
        tenantId: a.tenant_id,
        link: stored.link,
        domain: stored.domain,
        name: stored.name,
        originalName,
        extension: ext,
        attachSize: data.length,
        createUser: userId,
        createDept: parseId(a.dept_id.split(',')[0]) ?? null,
        createTime: now,
        updateUser: userId,
        updateTime: now,
      });
      return ok({ ...stored, originalName, attachId: attachId.toString() });
    },
  };
}
