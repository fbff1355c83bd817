/**
 * Datasources (docs/platform-contract.md §3.19, openapi/paths/smart-develop/datasource.yaml): the generic module of
 * the contract's `datasource` declaration (src/crud/define-module.ts), plus what the contract cannot say: the
 * masked password, the dropdown `select`, and `test`, which connects (./connect.ts).
 *
 * The password is write-only as the client secret is (src/modules/system/client/client.module.ts): every answer
 * carries the mask, and a submit that sends the mask back keeps the stored password (src/kernel/secret.ts).
 * Unlike upstream, which answers it in clear.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../crud/define-module';
import type { EntityRegistry } from '../../crud/entities';
import { requirePlatformAdmin } from '../../crud/index';
import type { Db } from '../../db/index';
import { datasource } from '../../db/schema';
import { SECRET_MASK, secretOf } from '../../kernel/secret';
import { BizError, ok, parseId } from '../../util';
import { testConnection, type ConnectionTarget } from './connect';

export type DatasourceRow = typeof datasource.$inferSelect;

export const DATASOURCE_MISSING = '数据源不存在';

/** The live datasource `id`, else undefined. */
export async function findDatasource(db: Db, id: bigint | undefined): Promise<DatasourceRow | undefined> {
  if (id === undefined) return undefined;
  const [row] = await db
    .select()
    .from(datasource)
    .where(and(eq(datasource.id, id), eq(datasource.isDeleted, 0)))
    .limit(1);
  return row;
}

interface TestBody {
  id?: string;
  driverClass: string;
  url: string;
  username: string;
  password: string;
}

export function datasourceModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('datasource'), datasource, {
    defaultOrder: [desc(datasource.createTime)],
    authorizeWrite: requirePlatformAdmin,
    view: () => ({ password: SECRET_MASK }),
    form: (v, _b, existing) => ({
      ...v,
      driverClass: String(v.driverClass).trim(),
      url: String(v.url).trim(),
      password: secretOf(String(v.password), existing?.password, '请输入密码'),
    }),
  });

  return {
    ...m.handlers,

    /** Every live datasource by name, for the code config's dropdown. */
    async datasourceSelect() {
      const rows = await db
        .select()
        .from(datasource)
        .where(eq(datasource.isDeleted, 0))
        .orderBy(asc(datasource.name), asc(datasource.id));
      return ok(rows.map((r) => m.toVO(r)));
    },

    /** Tries the connection; a failure is `ok: false` with the driver's message, never an error of the call. */
    async datasourceTest(req: FastifyRequest) {
      const body = req.body as TestBody;
      let password = body.password;
      if (password === SECRET_MASK) {
        // the edit form holds the mask: the stored password of that datasource
        if (!body.id) throw new BizError('请输入密码');
        const stored = await findDatasource(db, parseId(body.id));
        if (!stored) throw new BizError(DATASOURCE_MISSING);
        // the stored password goes only where it is stored for: with another URL or user the mask could send it to
        // a server of the caller's choosing
        if (stored.url !== body.url || stored.username !== body.username)
          throw new BizError('地址或用户名已修改，请重新输入密码');
        password = stored.password;
      }
      const target: ConnectionTarget = {
        driverClass: body.driverClass,
        url: body.url,
        username: body.username,
        password,
      };
      return ok(await testConnection(target));
    },
  };
}
