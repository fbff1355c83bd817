/**
 * OAuth clients (docs/platform-contract.md §2.5), platform-wide, administered by the administrator of tenant 000000 only.
 * The secret is never returned: every response carries the mask `******`, and an update that sends the mask (or
 * nothing) keeps the stored secret.
 *
 * Authentication reads clients through `ClientCache` (src/auth/security.ts), which keeps a row for 10 s: a changed
 * secret, a removed client or a changed grant list takes effect on every instance within those 10 seconds.
 */
import { desc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller, crud, requirePlatformAdmin } from '../crud/index';
import type { Db } from '../db/index';
import { client } from '../db/schema';
import { auditVO, BizError, str } from '../util';

type ClientRow = typeof client.$inferSelect;

export const SECRET_MASK = '******';

export function toClientVO(c: ClientRow) {
  return {
    id: c.id.toString(),
    clientId: c.clientId,
    clientSecret: SECRET_MASK,
    scope: c.scope,
    authorizedGrantTypes: c.authorizedGrantTypes,
    accessTokenValidity: c.accessTokenValidity,
    refreshTokenValidity: c.refreshTokenValidity,
    webServerRedirectUri: c.webServerRedirectUri,
    resourceIds: c.resourceIds,
    authorities: c.authorities,
    autoapprove: c.autoapprove,
    // a field of the contract's Client view (client.yaml), stored by submit: answered like the others
    additionalInformation: c.additionalInformation,
    ...auditVO(c),
  };
}

export function clientHandlers(db: Db) {
  const m = crud<ClientRow>(db, {
    table: client,
    id: client.id,
    isDeleted: client.isDeleted,
    audited: true,
    toVO: toClientVO,
    filters: { clientId: { column: client.clientId, plain: 'equal', kinds: ['equal', 'like'] } },
    sortable: {
      id: client.id,
      client_id: client.clientId,
      access_token_validity: client.accessTokenValidity,
      refresh_token_validity: client.refreshTokenValidity,
      create_time: client.createTime,
      update_time: client.updateTime,
    },
    defaultOrder: [desc(client.createTime)],
    unique: [{ columns: { clientId: client.clientId }, message: '客户端id已存在' }],
    authorizeWrite: requirePlatformAdmin,
    fields: (b, existing) => {
      const secret = str(b.clientSecret) ?? '';
      const keep = secret === '' || secret === SECRET_MASK;
      if (!existing && keep) throw new BizError('请输入客户端密钥');
      return {
        clientId: b.clientId,
        ...(keep ? {} : { clientSecret: secret }),
        scope: b.scope,
        authorizedGrantTypes: b.authorizedGrantTypes,
        accessTokenValidity: b.accessTokenValidity,
        refreshTokenValidity: b.refreshTokenValidity,
        ...(b.webServerRedirectUri !== undefined ? { webServerRedirectUri: b.webServerRedirectUri } : {}),
        ...(b.resourceIds !== undefined ? { resourceIds: b.resourceIds } : {}),
        ...(b.authorities !== undefined ? { authorities: b.authorities } : {}),
        ...(b.autoapprove !== undefined ? { autoapprove: b.autoapprove } : {}),
        ...(b.additionalInformation !== undefined ? { additionalInformation: b.additionalInformation } : {}),
      };
    },
    ops: { list: 'clientList', detail: 'clientDetail', submit: 'clientSubmit', remove: 'clientRemove' },
  });
  // reads are the administrator's too: the rows name every client of the platform
  const adminOnly =
    (h: (req: FastifyRequest) => Promise<unknown>) =>
    async (req: FastifyRequest): Promise<unknown> => {
      requirePlatformAdmin(caller(req));
      return h(req);
    };
  const out: Record<string, (req: FastifyRequest) => Promise<unknown>> = {};
  for (const [op, h] of Object.entries(m.handlers)) out[op] = adminOnly(h);
  return out;
}
