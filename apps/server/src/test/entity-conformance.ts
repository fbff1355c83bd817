/**
 * The conformance suite of declared entities (docs/architecture.md §5): each entity `deriveEntities` finds in a contract is
 * driven through its declared operations, so a new entity is covered by being declared. crud/conformance.test.ts runs
 * it over every writable entity of the repository's contract; modules/develop/generated-conformance.test.ts over an
 * entity the code generator wrote, added to a copy of the contract.
 *
 * Per entity: create through submit with a body built from the form schema's `examples` (string fields made unique
 * with a tag), read back by detail, found by each declared filter kind, listed sorted asc and desc by each declared
 * column, paged, refused without a required field, refused to a caller without the page's buttons (the seeded guest,
 * seed-perm.ts), invisible and untouchable to tenant 100001, and gone after remove. Every answer is checked against
 * the contract (src/test/contract.ts).
 */
import { createHash } from 'node:crypto';
import {
  deriveEntities,
  entityExampleBody,
  type ContractDocument,
  type EntityManifestData,
} from '@smart/api-sdk/manifest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execRows } from '../db/index';
import type { OpenApiDocument } from '../spec';
import {
  contractCall,
  login,
  startTestServer,
  type Backend,
  type Env,
  type TestServer,
  type TestServerExtras,
} from './harness';
import { SECRET_MASK } from '../kernel/secret';
import { maskSecret } from '../kernel/entity-secrets';
import { NO_PERMISSION_MSG } from '../crud/index';
import { probe } from './filter-probes';

type Json = Record<string, unknown>;
interface Page {
  records: Json[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Entities operators write; the read-only ones (logs the server writes itself) have conformance-read-only.test.ts. */
export const writableEntities = (doc: OpenApiDocument): EntityManifestData[] =>
  deriveEntities(doc as unknown as ContractDocument).entities.filter(
    (e) => e.operations.submit || e.operations.save,
  );
/** A missing row answers the entity's own "… does not exist" (数据不存在, 订单不存在, …). */
const NOT_FOUND = expect.stringMatching(/不存在$/);
/**
 * Rows no tenant owns, managed by the platform administrator only: entities without a tenantId, and the tenant
 * entity itself, whose tenantId is its own code.
 */
const platformWide = (e: EntityManifestData) =>
  e.name === 'tenant' || !e.fields.some((f) => f.name === 'tenantId');
/** Every row of a forest, parents before their children. */
const flatten = (nodes: Json[]): Json[] =>
  nodes.flatMap((n) => [n, ...flatten((n.children as Json[] | undefined) ?? [])]);
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const camel = (snake: string) => snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const DENIED = { code: 401, success: false, msg: NO_PERMISSION_MSG, data: null };
/** An id no row has: the snowflake ids of the seed and of `nextId` are far below it. */
const UNKNOWN_ID = '9000000000000000001';

/**
 * What an answer carries for a sent form value: nothing for a write-only field (a password), the mask of a secret
 * (src/kernel/entity-secrets.ts), else the value itself.
 */
const answered = (e: EntityManifestData, f: { name: string; writeOnly?: true }, sent: unknown): unknown => {
  if (f.writeOnly) return undefined;
  return e.secrets?.includes(f.name) && typeof sent === 'string' ? maskSecret(sent) : sent;
};

let seq = 0;
/** A short tag unique in this run: short enough for codes of 12 characters (post.yaml `postCode`). */
const uniqueTag = () => `k${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A valid submit body (the form schema's example, its texts tagged uniquely: @smart/api-sdk entityExampleBody). */
const validBody = (doc: OpenApiDocument, e: EntityManifestData): Json =>
  entityExampleBody(doc as unknown as ContractDocument, e, uniqueTag);

/**
 * Registers the suite for `entities` of `doc` on a server of `kind` (started with `extras`: the repository's contract
 * unless they name another one), inside the caller's `describe`.
 */
export function entityConformance(
  kind: Backend,
  doc: OpenApiDocument,
  entities: readonly EntityManifestData[],
  extras: TestServerExtras = {},
): void {
  let s: TestServer;
  let admin: string;
  let guest: string;
  let other: string; // administrator of tenant 100001
  beforeAll(async () => {
    s = await startTestServer(kind, {}, extras);
    admin = (await login(s.app, '000000')).access_token;
    guest = (await login(s.app, '000000', 'guest', md5('guest'))).access_token;
    other = (await login(s.app, '100001')).access_token;
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s, '', extras.spec);

  describe.each(entities.map((e) => [e.name, e] as const))('%s', (_name, e) => {
    const { operations: ops, paths } = e;
    const key = e.key ?? { field: 'id', detail: 'id', remove: 'ids', many: true };
    const lazy = e.tree?.lazy ? e.tree : undefined;
    const qs = (q: Json) =>
      new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
    /**
     * The list as a page; a tree entity's forest (manifest `tree`) is read as the page of all its rows, a lazy tree's
     * at the level of the body's parent (where the rows this suite writes are).
     */
    const list = async (q: Json, token = admin) => {
      const level = lazy && !(lazy.parent in q) ? { [lazy.parent]: body[lazy.parent] } : {};
      const res = await call<Page>('GET', `${paths.list}?${qs({ ...q, ...level })}`, ops.list!, token);
      if (e.tree && Array.isArray(res.body.data)) {
        const records = flatten(res.body.data as Json[]);
        res.body.data = { records, total: records.length, size: records.length, current: 1, pages: 1 };
      }
      return res;
    };
    const detail = (id: string, token = admin) =>
      call<Json>('GET', `${paths.detail}?${qs({ [key.detail]: id })}`, ops.detail!, token);
    /** submit, or where the contract splits it, save without an id and update with one. */
    const submit = (body: Json, token = admin) => {
      if (ops.submit) return call('POST', paths.submit!, ops.submit, token, body);
      const role = body.id ? 'update' : 'save';
      return call('POST', paths[role]!, ops[role]!, token, body);
    };
    const remove = (id: string, token = admin) =>
      call('POST', `${paths.remove}?${qs({ [key.remove]: id })}`, ops.remove!, token);
    /** The row of `id` as `q` lists it (a page large enough for the seeded rows), else undefined. */
    const listed = async (q: Json, id: string, token = admin) => {
      const res = await list({ size: 1000, ...q }, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { page: res.body.data, row: res.body.data.records.find((r) => r.id === id) };
    };

    let id = '';
    let row: Json = {};
    // built before the first list: a lazy tree is listed at the level of its parent
    let body: Json = validBody(doc, e);

    it('declares the operations the suite drives', () => {
      for (const role of ['list', 'detail', 'remove'] as const) expect(ops[role], role).toBeDefined();
      expect(ops.submit ?? (ops.save && ops.update), 'submit, or save and update').toBeDefined();
    });

    it('creates through submit and reads the row back by detail', async () => {
      const ids = async () =>
        new Set((await list({ size: 1000 })).body.data.records.map((r) => String(r.id)));
      const before = await ids();
      const created = await submit(body);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.success).toBe(true);
      const fresh = [...(await ids())].filter((x) => !before.has(x));
      expect(fresh).toHaveLength(1);
      id = fresh[0]!;
      const read = await detail(id);
      expect(read.status).toBe(200);
      row = read.body.data;
      // secrets answer the mask (src/kernel/secret.ts SECRET_MASK): write-only, every other field echoes the body
      for (const f of e.fields.filter(
        (x) => x.inForm && body[x.name] !== undefined && row[x.name] !== SECRET_MASK,
      ))
        expect(row[f.name], f.name).toEqual(answered(e, f, body[f.name]));
      if (!platformWide(e)) expect(row.tenantId ?? '000000').toBe('000000');
    });

    it('updates through submit with the id', async () => {
      expect(id).not.toBe('');
      // the free-text fields of a fresh body: new unique values for the same row
      const fresh = validBody(doc, e);
      // (a typed key, a region's code, names the row: a new one would be a new row)
      const changed = e.fields.filter(
        (f) =>
          f.inForm &&
          f.name !== key.field &&
          typeof fresh[f.name] === 'string' &&
          fresh[f.name] !== body[f.name],
      );
      // a form without free text (a picture: ids, a URL, a switch) changes a patterned text its pattern still
      // admits with a tag appended (the URL), else its first plain number
      if (changed.length === 0) {
        const tagged = e.fields.find((f) => {
          if (!f.inForm || f.type !== 'string' || f.enum || f.format || !f.pattern) return false;
          const next = `${String(body[f.name] ?? '')}${uniqueTag()}`;
          if (next.length > (f.maxLength ?? 64) || !new RegExp(f.pattern).test(next)) return false;
          fresh[f.name] = next;
          return true;
        });
        const plainNumber = e.fields.find(
          (f) => f.inForm && f.type === 'integer' && !f.enum && !f.dict && typeof body[f.name] === 'number',
        );
        if (tagged) changed.push(tagged);
        else if (plainNumber) {
          const v = body[plainNumber.name] as number;
          fresh[plainNumber.name] =
            plainNumber.maximum !== undefined && v >= plainNumber.maximum ? v - 1 : v + 1;
          changed.push(plainNumber);
        }
      }
      expect(changed.length).toBeGreaterThan(0);
      body = { ...body, ...Object.fromEntries(changed.map((f) => [f.name, fresh[f.name]])) };
      const res = await submit({ ...body, id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const read = (await detail(id)).body.data;
      for (const f of changed)
        if (read[f.name] !== SECRET_MASK) expect(read[f.name], f.name).toBe(answered(e, f, body[f.name]));
      expect(read.createTime).toBe(row.createTime);
      row = read;
    });

    it('finds the row with each declared filter and kind', async () => {
      expect(id).not.toBe('');
      for (const f of e.filters) {
        // '' is how the contract says "none" (patterns.yaml OptionalId): no filter names it, an empty one is ignored
        if (row[f.field] === '') continue;
        const kinds = f.param === f.field ? [f.kind, ...f.also] : [f.kind];
        for (const k of kinds) {
          const param = k === f.kind ? f.param : `${f.field}_${k}`;
          const p = probe(k, row[f.field]);
          const { page, row: hit } = await listed({ [param]: p.value }, id);
          expect(hit !== undefined, `${param}=${p.value}`).toBe(p.found);
          if (p.matches)
            for (const r of page.records) expect(p.matches(r[f.field]), `${param}: ${r[f.field]}`).toBe(true);
        }
      }
    });

    it('sorts by each declared column, ascending and descending', async () => {
      // a second row, so each order has something to order
      expect((await submit(validBody(doc, e))).status).toBe(200);
      const inOrder = async (a: unknown, b: unknown): Promise<boolean> => {
        if (typeof a === 'number' && typeof b === 'number') return a <= b;
        // strings compare as the database collates them (PGlite and PostgreSQL may differ from JavaScript)
        const [r] = await execRows(s.handle.db, sql`select ${String(a)}::text <= ${String(b)}::text as ok`);
        return r?.ok === true;
      };
      for (const col of e.sorts) {
        const field = camel(col);
        const value = (r: Json) => (field === 'id' ? BigInt(r.id as string) : r[field]);
        for (const dir of ['ascs', 'descs'] as const) {
          const res = await list({ [dir]: col, size: 50 });
          expect(res.status, `${dir}=${col}`).toBe(200);
          const recs = res.body.data.records;
          expect(recs.length).toBeGreaterThanOrEqual(2);
          for (let i = 1; i < recs.length; i++) {
            const [lo, hi] = dir === 'ascs' ? [recs[i - 1]!, recs[i]!] : [recs[i]!, recs[i - 1]!];
            const [a, b] = [value(lo), value(hi)];
            const ok = typeof a === 'bigint' ? a <= (b as bigint) : await inOrder(a, b);
            expect(ok, `${dir}=${col}: ${String(a)} before ${String(b)}`).toBe(true);
          }
        }
      }
      // a forest is ordered by its sort column; it takes no ascs/descs
      if (e.tree) return;
      const bad = await list({ ascs: 'no_such_column' });
      expect(bad.status).toBe(400);
    });

    it.runIf(lazy)('lists a level: the top one, then the children of a row, each under it', async () => {
      const at = async (parent: string | undefined) => {
        const q = parent === undefined ? {} : { [lazy!.parent]: parent };
        const res = await call<Json[]>('GET', `${paths.list}?${qs(q)}`, ops.list!, admin);
        expect(res.status).toBe(200);
        return res.body.data;
      };
      const top = await at(lazy!.root);
      expect(top.length).toBeGreaterThan(0);
      for (const r of top) expect(r[lazy!.parent]).toBe(lazy!.root);
      const open = top.find((r) => r.hasChildren === true);
      expect(open, 'a top row with children').toBeDefined();
      const children = await at(String(open![key.field]));
      expect(children.length).toBeGreaterThan(0);
      for (const r of children) expect(r[lazy!.parent]).toBe(open![key.field]);
      // the level of the row this suite wrote holds it, childless
      expect((await at(String(body[lazy!.parent]))).find((r) => r.id === id)).toMatchObject({
        hasChildren: false,
      });
    });

    it.runIf(e.tree && !lazy)('lists a forest: each row under its parent', async () => {
      const res = await call<Json[]>('GET', `${paths.list}?${qs({})}`, ops.list!, admin);
      const walk = (nodes: Json[], parent: string | undefined): number =>
        nodes.reduce((n, node) => {
          if (parent !== undefined) expect(node[e.tree!.parent]).toBe(parent);
          return n + 1 + walk((node.children as Json[] | undefined) ?? [], String(node.id));
        }, 0);
      expect(walk(res.body.data, undefined)).toBeGreaterThan(0);
    });

    it.skipIf(e.tree)('pages with consistent totals', async () => {
      const all = (await list({ size: 1000 })).body.data;
      expect(all.records).toHaveLength(all.total);
      const first = (await list({ size: 1, current: 1 })).body.data;
      expect(first).toMatchObject({ total: all.total, size: 1, current: 1, pages: all.total });
      expect(first.records).toHaveLength(1);
      const second = (await list({ size: 1, current: 2 })).body.data;
      expect(second.records[0]?.id).not.toBe(first.records[0]?.id);
      const beyond = (await list({ size: 1, current: all.total + 1 })).body.data;
      expect(beyond).toMatchObject({ records: [], total: all.total });
    });

    it('refuses a body without a required field, with the envelope', async () => {
      const required = e.fields.filter((f) => f.inForm && f.required);
      expect(required.length).toBeGreaterThan(0);
      for (const f of required) {
        const { [f.name]: _dropped, ...partial } = validBody(doc, e);
        const res = await submit(partial);
        expect(res.status, f.name).toBe(400);
        expect(res.body).toMatchObject({ code: 400, success: false, data: null });
        if (f.rule) expect(res.body.msg).toBe(f.rule.zh);
      }
    });

    it('refuses a number sent as text with the label of the field, in Chinese', async () => {
      const numeric = e.fields.find((f) => f.inForm && f.type === 'integer' && f.label);
      if (!numeric) return;
      const res = await submit({ ...validBody(doc, e), [numeric.name]: 'x' });
      expect(res.status, numeric.name).toBe(400);
      expect(res.body).toEqual({
        code: 400,
        success: false,
        msg: `${numeric.label!.zh}格式不正确`,
        data: null,
      });
    });

    it('refuses writes to a caller without the add, edit and delete buttons', async () => {
      const add = await submit(validBody(doc, e), guest);
      expect(add).toEqual({ status: 401, body: DENIED });
      const edit = await submit({ ...body, id }, guest);
      expect(edit).toEqual({ status: 401, body: DENIED });
      const del = await remove(id, guest);
      expect(del).toEqual({ status: 401, body: DENIED });
      expect((await detail(id)).body.data).toEqual(row);
    });

    it('is invisible and untouchable to another tenant', async () => {
      // tenant-owned rows are not found; platform-wide entities (no tenantId, e.g. client) refuse the other tenant
      // altogether, as isolation-matrix.test.ts expects
      const platform = platformWide(e);
      const read = await detail(id, other);
      const seen = await list({ size: 1000 }, other);
      if (platform && read.body.success) {
        // rows every tenant shares (menus: each tenant's package picks among them) are read, never written, by
        // another tenant
        expect(read.body.data).toEqual(row);
        expect(seen.status).toBe(200);
      } else if (platform) {
        expect(read.body).toEqual(DENIED);
        expect(seen.body).toEqual(DENIED);
      } else {
        expect(read.body).toMatchObject({ code: 400, success: false, msg: NOT_FOUND, data: null });
        expect(seen.body.data.records.map((r) => r.id)).not.toContain(id);
      }
      // the other tenant's administrator holds these pages or not (its package): refused, never a change; a
      // tenant-owned row is not found for it, as an unknown id is not (crud/index.ts requireAll)
      const edit = await submit({ ...validBody(doc, e), id }, other);
      expect([400, 401]).toContain(edit.status);
      const del = await remove(id, other);
      if (platform || del.status === 401) expect(del.body).toEqual(DENIED);
      else expect(del.body).toEqual({ code: 400, success: false, msg: NOT_FOUND, data: null });
      const after: Env<Json> = (await detail(id)).body;
      expect(after.data).toEqual(row);
    });

    it.runIf(!key.many)('refuses to remove a row that does not exist', async () => {
      const missing = validBody(doc, e)[key.field] as string;
      const res = await remove(missing);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, success: false, msg: NOT_FOUND, data: null });
    });

    it.runIf(key.many)('removes nothing of a batch that names a row it cannot remove', async () => {
      const res = await remove(`${id},${UNKNOWN_ID}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, success: false, msg: NOT_FOUND, data: null });
      expect((await detail(id)).body.data).toEqual(row);
    });

    it('removes the row: gone from detail and list', async () => {
      const res = await remove(id);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const read = await detail(id);
      expect(read.status).toBe(400);
      expect(read.body.msg).toEqual(NOT_FOUND);
      expect((await listed({}, id)).row).toBeUndefined();
    });
  });
}
