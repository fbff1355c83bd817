/**
 * The extra of the Douyin live tasks that is not engine work: `getExpandUrl` (dy_live.yaml), which expands a pasted
 * share link into the live room's URL and ids (./expand-url.ts) and changes no row. The task's own CRUD stays with
 * the task definitions (src/modules/plain-entities.ts), its run operations with the engine.
 */
import type { FastifyRequest } from 'fastify';
import { caller } from '../../../crud/index';
import { ok } from '../../../util';
import { douyinHostMapping } from './douyin-hosts';
import { expandDouyinLive, type ExpandOptions } from './expand-url';

export function dyLiveExpandModule(opts: Omit<ExpandOptions, 'hosts'> = {}) {
  return {
    async dyLiveGetExpandUrl(req: FastifyRequest) {
      caller(req);
      const { url } = req.body as { url: string };
      return ok(await expandDouyinLive(url, { ...opts, hosts: douyinHostMapping() }));
    },
  };
}
