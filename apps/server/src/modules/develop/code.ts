/**
 * Code generator configs (docs/platform-contract.md §3.18, openapi/paths/smart-develop/code.yaml): the generic module
 * of the contract's `code` declaration (src/crud/define-module.ts), plus `copy` and the generator: `preview` (the
 * files of one config), `download` (the files of several, zipped) and `gen-code` (checks configs and counts their
 * files: this server writes nothing on its disk, unlike upstream's generator, which wrote to `apiPath` / `webPath`).
 *
 * Generating reads the columns of the config's table from its datasource (./columns.ts over ./connect.ts); every
 * refusal (no config, no datasource, no connection, no table) is a 400 envelope that says which.
 */
import { desc, inArray, and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { zipSync, strToU8 } from 'fflate';
import { defineCrudModule } from '../../crud/define-module';
import type { EntityRegistry } from '../../crud/entities';
import { caller, requirePlatformAdmin } from '../../crud/index';
import type { Db } from '../../db/index';
import { codeConfig } from '../../db/schema';
import { BizError, ok, parseId, parseIds } from '../../util';
import { readTable } from './columns';
import { ConnectError, withConnection } from './connect';
import { DATASOURCE_MISSING, findDatasource } from './datasource';
import { generateFiles, type CodeFile } from './generate';

type CodeRow = typeof codeConfig.$inferSelect;

const CONFIG_MISSING = '代码生成配置不存在';
const GENERATED_MSG = '代码生成成功';
/** codeName is at most 64 characters (openapi/schemas/develop.yaml CodeFields). */
const CODE_NAME_MAX = 64;

export function codeModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('code'), codeConfig, {
    defaultOrder: [desc(codeConfig.createTime)],
    authorizeWrite: requirePlatformAdmin,
  });

  /** The live configs among `ids`, in the order listed; none at all is a refusal. */
  async function configs(idsParam: string): Promise<CodeRow[]> {
    const ids = parseIds(idsParam);
    const rows = ids.length
      ? await db
          .select()
          .from(codeConfig)
          .where(and(inArray(codeConfig.id, ids), eq(codeConfig.isDeleted, 0)))
      : [];
    if (rows.length === 0) throw new BizError(CONFIG_MISSING);
    return ids.map((id) => rows.find((r) => r.id === id)).filter((r) => r !== undefined);
  }

  /** The files of one config, from the columns of its table as its datasource has them now. */
  async function filesOf(row: CodeRow): Promise<CodeFile[]> {
    const ds = await findDatasource(db, row.datasourceId);
    if (!ds) throw new BizError(`${DATASOURCE_MISSING}: 配置「${row.codeName}」的数据源已删除或不存在`);
    let table;
    try {
      table = await withConnection(ds, (c) => readTable(c, row.tableName));
    } catch (e) {
      if (e instanceof ConnectError) throw new BizError(`数据源「${ds.name}」连接失败: ${e.message}`);
      throw e;
    }
    if (!table) throw new BizError(`数据源「${ds.name}」中不存在表 ${row.tableName}`);
    return generateFiles(row, table);
  }

  /** The files of several configs; two configs of one entity would overwrite each other's files. */
  async function filesOfAll(rows: CodeRow[]): Promise<CodeFile[]> {
    const out: CodeFile[] = [];
    const seen = new Map<string, string>();
    for (const row of rows) {
      for (const f of await filesOf(row)) {
        const other = seen.get(f.path);
        if (other !== undefined)
          throw new BizError(`配置「${other}」与「${row.codeName}」生成同一文件 ${f.path}`);
        seen.set(f.path, row.codeName);
        out.push(f);
      }
    }
    return out;
  }

  return {
    ...m.handlers,

    /** A copy of the config, its module name suffixed `-copy`. */
    async codeCopy(req: FastifyRequest) {
      const a = caller(req);
      const row = await m.findOwn(a, parseId((req.query as { id: string }).id));
      const { id: _id, ...vo } = m.toVO(row) as Record<string, unknown>;
      await m.submit(a, { ...vo, codeName: `${row.codeName}-copy`.slice(0, CODE_NAME_MAX) });
      return ok({});
    },

    async codeGenCode(req: FastifyRequest) {
      const rows = await configs((req.query as { ids: string }).ids);
      const files = await filesOfAll(rows);
      return { ...ok({ configs: rows.length, files: files.length }), msg: GENERATED_MSG };
    },

    async codePreview(req: FastifyRequest) {
      const row = await m.findOwn(caller(req), parseId((req.query as { id: string }).id));
      return ok(await filesOf(row));
    },

    async codeDownload(req: FastifyRequest, reply: FastifyReply) {
      const files = await filesOfAll(await configs((req.query as { ids: string }).ids));
      const zip = zipSync(Object.fromEntries(files.map((f) => [f.path, strToU8(f.content)])));
      return reply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="smart-code.zip"')
        .send(Buffer.from(zip));
    },
  };
}
