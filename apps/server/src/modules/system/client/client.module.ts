/**
 * OAuth clients (docs/platform-contract.md §2.5), platform-wide: the generic module from the contract's `client`
 * declaration (src/crud/define-module.ts), plus what the contract cannot say: the default order, the masked secret
 * and the platform administrator's exclusive access (tenant 000000's administrator only, reads included).
 *
 * The secret is never returned: every response carries the mask (src/kernel/secret.ts), and an update that sends
 * the mask (or nothing) keeps the stored secret. Authentication reads clients through `ClientCache`
 * (src/auth/security.ts), which keeps a row for 10 s: a changed secret, a removed client or a changed grant list
 * takes effect on every instance within those 10 seconds.
 */
import { desc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller, requirePlatformAdmin } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { client } from '../../../db/schema';
import { SECRET_MASK, secretOf } from '../../../kernel/secret';
import { str } from '../../../util';

type Handler = (req: FastifyRequest) => Promise<unknown>;

export function clientModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('client'), client, {
    defaultOrder: [desc(client.createTime)],
    authorizeWrite: requirePlatformAdmin,
    view: () => ({ clientSecret: SECRET_MASK }),
    // an empty secret keeps the stored one as the mask does (the console's edit form leaves it blank)
    form: (v, _b, existing) => {
      const sent = str(v.clientSecret) ?? '';
      const secret = sent === '' ? SECRET_MASK : sent;
      return { ...v, clientSecret: secretOf(secret, existing?.clientSecret, '请输入客户端密钥') };
    },
  });
  // reads are the administrator's too: the rows name every client of the platform
  const adminOnly =
    (h: Handler): Handler =>
    async (req) => {
      requirePlatformAdmin(caller(req));
      return h(req);
    };
  const out: Record<string, Handler> = {};
  for (const [op, h] of Object.entries(m.handlers)) out[op] = adminOnly(h);
  return out;
}
