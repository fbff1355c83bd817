/**
 * Object storage configs (docs/platform-contract.md §3.15, §4.12) and the upload endpoint. Tenant-owned: the generic
 * module from the contract's `oss` declaration (src/crud/define-module.ts), plus what the contract cannot say: the
 * default order, the labels and the masked secret of the view, `enable` and `endpoint/put-file`.
 *
 * The secret key never leaves the server (src/kernel/secret.ts). `enable` makes one config the tenant's active one
 * (src/kernel/active-config.ts); uploads go to the provider it names (src/storage) and are recorded as attachments.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller, requireAdmin } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { attach, oss } from '../../../db/schema';
import { enableOne, statusName } from '../../../kernel/active-config';
import { SECRET_MASK, secretOf } from '../../../kernel/secret';
import { storageFor } from '../../../storage/index';
import { activeOss } from '../../../storage/tenant-storage';
import { isUploadedFile } from '../../../storage/multipart';
import { INLINE_TYPES, contentTypeOf, extensionOf, newObjectName, sniffImage } from '../../../storage/names';
import { BizError, nextId, ok, parseId } from '../../../util';

type OssRow = typeof oss.$inferSelect;
type Body = Record<string, unknown>;

const AVATAR_MAX_BYTES = 500 * 1024;
const AVATAR_TYPE_MSG = '头像只能是 JPG/PNG 格式';
const AVATAR_SIZE_MSG = '头像大小不能超过 500KB';
const CONTENT_MISMATCH_MSG = '文件内容与扩展名不符';
const EMPTY_FILE_MSG = '上传文件不能为空';
const NO_CONFIG_MSG = '对象存储配置不存在';

/** Labels of the dictionary `oss` (seed-dicts.ts), the view's `categoryName`. */
const CATEGORY: Record<number, string> = { 1: 'minio', 2: '七牛云', 3: '阿里云', 4: '腾讯云' };
/** Advisory lock of `enable` (src/kernel/active-config.ts), distinct from the sms one. */
const OSS_LOCK = 86000401;

/** The tenant's live config of this code (the storage page's 调试 of one config). */
async function ossByCode(db: Db, tenantId: string, code: string): Promise<OssRow> {
  const [row] = await db
    .select()
    .from(oss)
    .where(and(eq(oss.tenantId, tenantId), eq(oss.isDeleted, 0), eq(oss.ossCode, code)))
    .limit(1);
  if (!row) throw new BizError(NO_CONFIG_MSG);
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

export function ossModule(db: Db, entities: EntityRegistry, opts: UploadOptions) {
  const m = defineCrudModule(db, entities.get('oss'), oss, {
    defaultOrder: [desc(oss.createTime)],
    view: (o) => ({
      categoryName: CATEGORY[o.category] ?? '',
      statusName: statusName(o.status),
      secretKey: SECRET_MASK,
    }),
    // the endpoint is checked when an upload uses it (storageFor), as upstream stores any text
    form: (v, _b, existing) => ({
      ...v,
      endpoint: (v.endpoint as string).trim(),
      secretKey: secretOf(v.secretKey as string, existing?.secretKey, '请输入secretKey'),
    }),
  });

  return {
    ...m.handlers,
    async ossEnable(req: FastifyRequest) {
      const { id } = req.query as { id: string };
      await enableOne(db, oss, OSS_LOCK, caller(req), id);
      return ok({});
    },

    /** Stores the file with the tenant's active provider (or the config `code` names) and records an attachment row. */
    async ossPutFile(req: FastifyRequest) {
      const a = caller(req);
      const { kind, code } = req.query as { kind?: 'file' | 'avatar'; code?: string };
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
      // trying a config that is not the active one is for administrators, who configure storage
      if (code) requireAdmin(a);
      const config = code ? await ossByCode(db, a.tenant_id, code) : await activeOss(db, a.tenant_id);
      const storage = storageFor(config, opts.uploadDir, a.tenant_id);
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
