/**
 * Target notes of the Xiaohongshu comment tasks (docs/automation-domain.md §2.3 `xsh_comm_url`): the generic module
 * of the contract's `xsh_comm_url` declaration (src/crud/define-module.ts) plus `enable`, the switch runs respect
 * (../../platform-shared/enable.ts), `import`, many links at once with a per-row report, keeping each note's
 * `xsec_token` (../../platform-shared/comm-url-import.ts, links.ts), and `emptyDelete`, clearing out a task's used
 * links in one go.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { xshComm, xshCommUrl } from '../../../db/schema';
import { ok, parseId } from '../../../util';
import { commUrlImportHandler } from '../../platform-shared/comm-url-import';
import { enableHandler } from '../../platform-shared/enable';
import { parseXhsNoteLink } from '../../platform-shared/links';

/** Advisory lock of this table's imports (../../platform-shared/import-rows.ts). */
const IMPORT_LOCK = 86000502;

/** Body of `emptyDelete` (xsh_comm.yaml XshCommUrlEmptyDeleteRequest). */
interface EmptyDeleteBody {
  commId?: string;
  useStatus?: number[];
}

export function xshCommUrlModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('xsh_comm_url'), xshCommUrl);
  const t = xshCommUrl;
  return {
    ...m.handlers,
    xshCommUrlEnable: enableHandler(db, m, t),
    xshCommUrlImport: commUrlImportHandler(db, {
      table: t,
      commTable: xshComm,
      lockKey: IMPORT_LOCK,
      parse: parseXhsNoteLink,
      extra: (link) => ({ xsecToken: link.xsecToken }),
    }),

    /**
     * Logically deletes the caller's URLs of one task (or of all) in some use states (or in any); a task id of no
     * live row of the tenant (another tenant's) matches nothing. A run that already took a URL keeps it: the robot
     * reads its targets at its start (src/engine/README.md).
     */
    async xshCommUrlEmptyDelete(req: FastifyRequest) {
      const a = caller(req);
      const b = (req.body ?? {}) as EmptyDeleteBody;
      const commId = b.commId ? parseId(b.commId) : null;
      if (commId === undefined) return ok({ deleted: 0 });
      const states = b.useStatus ?? [];
      const gone = await db
        .update(t)
        .set({ isDeleted: 1, updateUser: parseId(a.user_id) ?? null, updateTime: new Date() })
        .where(
          and(
            m.scope(a),
            commId === null ? undefined : eq(t.commId, commId),
            states.length ? inArray(t.useStatus, states) : undefined,
          ),
        )
        .returning({ id: t.id });
      return ok({ deleted: gone.length });
    },
  };
}
