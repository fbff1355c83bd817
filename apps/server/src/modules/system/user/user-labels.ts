/**
 * The names shown beside a user's ids (its tenant, roles, departments and posts), read for every listed user.
 * Looking them up per page cost a third of `user/page`'s throughput (bench:server), so each instance keeps all
 * live names in memory for at most `TTL_MS`. A write that changes a name drops this instance's copy before the
 * writer gets its answer (so a client always sees its own rename); another instance shows it within `TTL_MS`.
 * The names are labels only: nothing decides access from them (permissions use src/auth/permissions.ts).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { execRows, type Db } from '../../../db/index';
import { dept, post, role, tenant } from '../../../db/schema';

export const TTL_MS = 3000;

/** Operations that create, rename or remove a role, department, post or tenant. */
const NAME_WRITES = new Set([
  'roleSubmit',
  'roleRemove',
  'deptSubmit',
  'deptRemove',
  'postSubmit',
  'postRemove',
  'tenantSubmit',
  'tenantRemove',
]);

export type LabelKind = 'r' | 'd' | 'p' | 't';

/** `kind:tenant:id` → name (tenants: `t:<tenantId>:<tenantId>`). */
export type Labels = ReadonlyMap<string, string>;

export class LabelCache {
  private snap: Promise<Labels> | undefined;
  private at = 0;

  constructor(private readonly db: Db) {}

  /** The next read loads afresh (a read already under way serves only the requests that started it). */
  invalidate(): void {
    this.snap = undefined;
  }

  get(): Promise<Labels> {
    if (!this.snap || Date.now() - this.at > TTL_MS) {
      this.at = Date.now();
      const p = this.load();
      this.snap = p;
      // a failed read is retried by the next request
      p.catch(() => {
        if (this.snap === p) this.snap = undefined;
      });
    }
    return this.snap;
  }

  private async load(): Promise<Labels> {
    const rows = (await execRows(
      this.db,
      sql`select 'r' as kind, tenant_id as tenant, id::text as id, role_name as name from ${role} where is_deleted = 0
          union all select 'd', tenant_id, id::text, dept_name from ${dept} where is_deleted = 0
          union all select 'p', tenant_id, id::text, post_name from ${post} where is_deleted = 0
          union all select 't', tenant_id, tenant_id, tenant_name from ${tenant} where is_deleted = 0`,
    )) as { kind: string; tenant: string; id: string; name: string }[];
    return new Map(rows.map((r) => [`${r.kind}:${r.tenant}:${r.id}`, r.name]));
  }
}

const caches = new WeakMap<Db, LabelCache>();

/** The label cache of a database handle (one per instance and database). */
export function labelCache(db: Db): LabelCache {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new LabelCache(db)));
  return c;
}

/** Drops the cache when a name may have changed, before the answer leaves (any status: a failed write is rare). */
export function registerLabelInvalidation(app: FastifyInstance, db: Db): void {
  const cache = labelCache(db);
  app.addHook('onSend', async (req: FastifyRequest, _reply, payload) => {
    const op = (req.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    if (op && NAME_WRITES.has(op)) cache.invalidate();
    return payload;
  });
}
