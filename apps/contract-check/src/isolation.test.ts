import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { tookPeerValues } from './isolation';
import { Runner } from './runner';
import { defaultSpecPath, loadSpec } from './spec';

/**
 * The isolation probe against a small in-memory post backend with two tenants (the token names the tenant). The
 * isolating backend scopes every read and write to the caller's tenant; the leaky one forgets the scope on the
 * chosen operations, which the probe must report.
 */
type Leak = 'list' | 'detail' | 'update' | 'remove';

function fakePostBackend(leaks: Leak[], drift = false) {
  const rows = new Map<string, Record<string, unknown>>();
  let reads = 0;
  let seq = 1000;
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const ok = (res: ServerResponse, data: unknown) =>
    send(res, 200, { code: 200, success: true, msg: '操作成功', data });
  const fail = (res: ServerResponse, status: number, msg: string) =>
    send(res, status, { code: status, success: false, msg, data: null });
  const mine = (tenant: string, leak: Leak) => (r: Record<string, unknown>) =>
    leaks.includes(leak) || r.tenantId === tenant;

  return (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const q = url.searchParams;
      const p = url.pathname;
      const tenantHeader = String(req.headers['tenant-id'] ?? '');
      if (p === '/api/smart-auth/oauth/token')
        return send(res, 200, { access_token: `t-${tenantHeader}`, refresh_token: 'r' });
      const auth = String(req.headers['smart-auth'] ?? '');
      if (!auth.startsWith('bearer t-')) return fail(res, 401, '请求未授权');
      const tenant = auth.slice('bearer t-'.length);
      if (p === '/api/smart-system/post/list') {
        const records = [...rows.values()].filter(mine(tenant, 'list'));
        return ok(res, { records, total: records.length, size: 10, current: 1, pages: 1 });
      }
      if (p === '/api/smart-system/post/detail') {
        const row = rows.get(q.get('id') ?? '');
        // a live backend: the row changes on its own between two reads (a scheduler, a robot's report)
        if (row && drift) Object.assign(row, { remark: `changed by the backend ${++reads}`, sort: reads });
        return row && mine(tenant, 'detail')(row) ? ok(res, row) : fail(res, 400, '数据不存在');
      }
      if (p === '/api/smart-system/post/submit') {
        const body = JSON.parse(raw || '{}') as Record<string, unknown>;
        if (typeof body.id === 'string') {
          const row = rows.get(body.id);
          if (!row || !mine(tenant, 'update')(row)) return fail(res, 400, '数据不存在');
          Object.assign(row, body, { tenantId: row.tenantId });
          return ok(res, true);
        }
        const id = String(++seq);
        rows.set(id, { ...body, id, tenantId: tenant, categoryName: '', status: 1, isDeleted: 0 });
        return ok(res, true);
      }
      if (p === '/api/smart-system/post/remove') {
        for (const id of (q.get('ids') ?? '').split(',')) {
          const row = rows.get(id);
          if (row && mine(tenant, 'remove')(row)) rows.delete(id);
        }
        return ok(res, true);
      }
      return fail(res, 404, 'no route');
    });
  };
}

let server: Server | undefined;
afterEach(() => server?.close());

async function probe(leaks: Leak[], drift = false) {
  server = createServer(fakePostBackend(leaks, drift));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const runner = new Runner({
    doc: loadSpec(defaultSpecPath()),
    baseUrl: `http://127.0.0.1:${port}`,
    tenant: '000000',
    account: 'admin',
    password: 'admin',
    client: 'saber:saber_secret',
    only: ['post'],
    peer: { tenant: '100001', account: 'admin', password: 'admin' },
  });
  const report = await runner.run();
  const checks = report.ops.flatMap((o) => o.checks).filter((c) => c.name.startsWith('other tenant'));
  return {
    names: checks.map((c) => c.name).sort(),
    failed: checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.reason}`),
  };
}

describe('isolation probe', () => {
  it('passes a backend that scopes every call to the caller’s tenant', async () => {
    const r = await probe([]);
    expect(r.names).toEqual([
      'other tenant: detail refused',
      'other tenant: list hides the row',
      'other tenant: remove changes nothing',
      'other tenant: update changes nothing',
    ]);
    expect(r.failed).toEqual([]);
  });

  it('does not take a row that changes on its own for a leak, and still finds a leaking update', async () => {
    expect((await probe([], true)).failed).toEqual([]);
    const leaky = await probe(['update'], true);
    expect(leaky.failed).toHaveLength(1);
    expect(leaky.failed[0]).toMatch(/update changes nothing: the other tenant changed the row \(.*postName/);
  });

  it('names the fields that took the peer’s values', () => {
    const before = { id: '1', postName: 'a', remark: 'r', sort: 1 };
    expect(
      tookPeerValues(before, { ...before, sort: 2 }, { id: '1', postName: 'xa', sort: 9 }),
    ).toBeUndefined();
    expect(tookPeerValues(before, { ...before, postName: 'xa' }, { id: '1', postName: 'xa' })).toBe(
      'the other tenant changed the row (postName)',
    );
  });

  it.each<[Leak, RegExp]>([
    ['list', /list hides the row: listed \d+ to the other tenant/],
    ['detail', /detail refused: HTTP 200 with the row/],
    ['update', /update changes nothing: the other tenant changed the row/],
    ['remove', /remove changes nothing: the other tenant removed the row/],
  ])('reports a backend whose %s ignores the tenant', async (leak, reason) => {
    const r = await probe([leak]);
    expect(r.failed).toHaveLength(1);
    expect(r.failed[0]).toMatch(reason);
  });
});
