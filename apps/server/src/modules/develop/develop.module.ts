/**
 * Developer tools (menu 研发工具, openapi/paths/smart-develop/): datasources (./datasource.ts) and the code
 * generator (./code.ts). Both are platform data (docs/platform-contract.md §3.18, §3.19: no tenant), and both reach
 * other databases with stored credentials: every operation, reads included, is the administrator's of tenant 000000,
 * as the OAuth clients are (src/modules/system/client/client.module.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntityRegistry } from '../../crud/entities';
import { caller, requirePlatformAdmin } from '../../crud/index';
import type { Db } from '../../db/index';
import { codeModule } from './code';
import { datasourceModule } from './datasource';

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export function developModule(db: Db, entities: EntityRegistry): Record<string, Handler> {
  const handlers: Record<string, Handler> = {
    ...datasourceModule(db, entities),
    ...codeModule(db, entities),
  };
  const out: Record<string, Handler> = {};
  for (const [op, h] of Object.entries(handlers))
    out[op] = async (req, reply) => {
      requirePlatformAdmin(caller(req));
      return h(req, reply);
    };
  return out;
}
