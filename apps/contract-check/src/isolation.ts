/**
 * Cross-tenant isolation: with a second session in another tenant (the "peer"), every row the checker creates in
 * a tenant-owned resource is attacked by the peer through the list, the detail, the update and the remove of the
 * resource. Nothing may leak (the row is neither listed nor detailed to the peer) and nothing may change (after
 * the peer's update and remove, the owner reads the row back unchanged).
 */
import type { Classified, Resource } from './classify';
import type { HttpClient, Reply, RequestSpec } from './http';
import { objectShape } from './sampler';
import type { Schema } from './spec';

/** The other tenant's session: an account and password to log in with, or a token obtained elsewhere. */
export interface PeerCredentials {
  tenant: string;
  account?: string | undefined;
  password?: string | undefined;
  token?: string | undefined;
}

/** What the runner lends the probe: inputs, requests, recording and the document. */
export interface IsolationHost {
  doc: unknown;
  owner: HttpClient;
  peer: HttpClient;
  validInput(c: Classified, ids: string[]): Omit<RequestSpec, 'method' | 'path'>;
  record(c: Classified, name: string, reason: string | undefined, ms: number): void;
  isImplemented(c: Classified): boolean;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

const rowsOf = (reply: Reply): unknown[] => {
  const d = (reply.json as { data?: unknown } | undefined)?.data;
  const rows = Array.isArray(d) ? d : isObj(d) && Array.isArray(d.records) ? d.records : [];
  // trees: children count as rows too
  const out: unknown[] = [];
  const walk = (list: unknown[]) => {
    for (const r of list) {
      out.push(r);
      if (isObj(r) && Array.isArray(r.children)) walk(r.children);
    }
  };
  walk(rows);
  return out;
};

/** A resource is tenant-owned when its detail answers rows with a `tenantId`. */
export function tenantOwned(doc: unknown, r: Resource): boolean {
  const ok = r.detail?.op.responses['200'];
  if (!ok) return false;
  const data: Schema | undefined = objectShape(doc, ok).properties.data;
  return !!data && 'tenantId' in objectShape(doc, data).properties;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export class IsolationProbe {
  constructor(private readonly h: IsolationHost) {}

  private async send(client: HttpClient, c: Classified, spec: Omit<RequestSpec, 'method' | 'path'>) {
    return client.send({ method: c.op.method, path: c.op.path, ...spec });
  }

  /** The owner's detail of the row (undefined when it is gone). */
  private async ownerRow(r: Resource, id: string): Promise<Record<string, unknown> | undefined> {
    const reply = await this.send(this.h.owner, r.detail!, this.h.validInput(r.detail!, [id]));
    const data = (reply.json as { data?: unknown } | undefined)?.data;
    return reply.status === 200 && isObj(data) && data.id === id ? data : undefined;
  }

  /**
   * Attacks the owner's row `id` (created from `body`) as the peer. `update` is the update operation, or the
   * create/submit operation that updates when the body carries an id.
   */
  async attack(r: Resource, id: string, body: Record<string, unknown>, update: Classified): Promise<void> {
    const before = await this.ownerRow(r, id);
    if (!before) return; // nothing to protect (the read back reported it)
    const t0 = Date.now();

    for (const list of r.ops.filter((o) => o.kind === 'list' && this.h.isImplemented(o))) {
      const spec = this.h.validInput(list, []);
      const reply = await this.send(this.h.peer, list, { ...spec, query: { ...spec.query, size: 1000 } });
      const leaked = rowsOf(reply).some((row) => isObj(row) && row.id === id);
      this.h.record(
        list,
        'other tenant: list hides the row',
        leaked ? `listed ${id} to the other tenant` : undefined,
        Date.now() - t0,
      );
    }

    if (r.detail) {
      const reply = await this.send(this.h.peer, r.detail, this.h.validInput(r.detail, [id]));
      const data = (reply.json as { data?: unknown } | undefined)?.data;
      const leaked = reply.status >= 200 && reply.status < 300 && isObj(data) && data.id === id;
      this.h.record(
        r.detail,
        'other tenant: detail refused',
        leaked
          ? `HTTP ${reply.status} with the row`
          : reply.status >= 500
            ? `HTTP ${reply.status}`
            : undefined,
        Date.now() - t0,
      );
    }

    if (this.h.isImplemented(update)) {
      const changed: Record<string, unknown> = { ...body, id };
      const shape = objectShape(this.h.doc, update.op.body);
      for (const [k, v] of Object.entries(changed)) {
        const prop = shape.properties[k];
        if (typeof v === 'string' && k !== 'id' && prop && !prop.enum && !prop.pattern && !prop.format) {
          const max = typeof prop.maxLength === 'number' ? prop.maxLength : 64;
          changed[k] = `x${v}`.slice(0, Math.max(1, max));
        }
      }
      const spec = this.h.validInput(update, [id]);
      const reply = await this.send(this.h.peer, update, { ...spec, body: changed });
      const after = await this.ownerRow(r, id);
      const why =
        reply.status >= 500
          ? `HTTP ${reply.status}`
          : !after
            ? 'the row is gone after the other tenant updated it'
            : tookPeerValues(before, after, changed);
      this.h.record(update, 'other tenant: update changes nothing', why, Date.now() - t0);
    }

    if (r.remove && this.h.isImplemented(r.remove)) {
      const reply = await this.send(this.h.peer, r.remove, this.h.validInput(r.remove, [id]));
      const after = await this.ownerRow(r, id);
      const why =
        reply.status >= 500
          ? `HTTP ${reply.status}`
          : !after
            ? 'the other tenant removed the row'
            : undefined;
      this.h.record(r.remove, 'other tenant: remove changes nothing', why, Date.now() - t0);
    }
  }
}

/**
 * Why the owner's row shows the peer's update: the fields that changed to exactly what the peer sent. Only those
 * count: on a live backend the row may change meanwhile for reasons of its own (a scheduler firing the task, a robot
 * reporting on its run batch), which is no leak; the peer's values turning up in the row are one.
 */
export function tookPeerValues(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  sent: Record<string, unknown>,
): string | undefined {
  const taken = Object.keys(sent).filter(
    (k) => k !== 'id' && k in after && !same(after[k], before[k]) && same(after[k], sent[k]),
  );
  return taken.length ? `the other tenant changed the row (${taken.join(', ')})` : undefined;
}
