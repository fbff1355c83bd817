/**
 * Target videos of the Douyin comment tasks (docs/automation-domain.md §2.2 `dy_comm_url`): the generic module of
 * the contract's `dy_comm_url` declaration (src/crud/define-module.ts) plus `enable`, the switch runs respect
 * (../../platform-shared/enable.ts), and `import`, many links at once with a per-row report
 * (../../platform-shared/comm-url-import.ts; Douyin link shapes in ../../platform-shared/links.ts).
 */
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import type { Db } from '../../../db/index';
import { dyComm, dyCommUrl } from '../../../db/schema';
import { commUrlImportHandler } from '../../platform-shared/comm-url-import';
import { enableHandler } from '../../platform-shared/enable';
import { parseDouyinItemLink } from '../../platform-shared/links';

/** Advisory lock of this table's imports (../../platform-shared/import-rows.ts). */
const IMPORT_LOCK = 86000501;

export function dyCommUrlModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('dy_comm_url'), dyCommUrl);
  return {
    ...m.handlers,
    dyCommUrlEnable: enableHandler(db, m, dyCommUrl),
    dyCommUrlImport: commUrlImportHandler(db, {
      table: dyCommUrl,
      commTable: dyComm,
      lockKey: IMPORT_LOCK,
      parse: parseDouyinItemLink,
    }),
  };
}
