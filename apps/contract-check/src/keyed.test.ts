import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classify } from './classify';
import { Runner } from './runner';
import { objectShape, uniqueFields, unknownId } from './sampler';
import { loadSpec, operationsOf } from './spec';

/**
 * Code-keyed resources (region: the code is the key, removes are physical): the checker must only ever remove the
 * rows it created itself. A small in-memory backend of the region operations records every remove.
 */
interface Region {
  code: string;
  parentCode: string;
  name: string;
  regionLevel: number;
  sort: number;
  remark: string;
  subCode?: string;
}

const SEEDED = ['00', '11', '1101', '110101'];

function fakeRegionBackend() {
  const rows = new Map<string, Region>();
  const add = (code: string, parentCode: string, name: string, regionLevel: number) =>
    rows.set(code, { code, parentCode, name, regionLevel, sort: 1, remark: '' });
  add('00', '0', '中国', 0);
  add('11', '00', '北京市', 1);
  add('1101', '11', '市辖区', 2);
  add('110101', '1101', '东城区', 3);
  const removed: string[] = [];
  const created: string[] = [];
  const vo = (r: Region) => ({
    ...r,
    id: r.code,
    parentId: r.parentCode,
    ancestors: '',
    provinceCode: '',
    provinceName: '',
    cityCode: '',
    cityName: '',
    districtCode: '',
    districtName: '',
    townCode: '',
    townName: '',
    villageCode: '',
    villageName: '',
    parentName: rows.get(r.parentCode)?.name ?? '',
    hasChildren: [...rows.values()].some((c) => c.parentCode === r.code),
  });
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const ok = (res: ServerResponse, data: unknown) =>
    send(res, 200, { code: 200, success: true, msg: '操作成功', data });
  const fail = (res: ServerResponse, status: number, msg: string) =>
    send(res, status, { code: status, success: false, msg, data: null });

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const q = url.searchParams;
      const p = url.pathname;
      if (p === '/api/smart-auth/oauth/token')
        return send(res, 200, { access_token: 't', refresh_token: 'r' });
      if (!req.headers['smart-auth']) return fail(res, 401, '请求未授权');
      const code = /^[0-9]{1,12}$/;
      if (p.endsWith('/region/lazy-list') || p.endsWith('/region/lazy-tree')) {
        const parent = q.get('parentCode');
        const c = q.get('code');
        if ((parent && !code.test(parent)) || (c && c.length > 12)) return fail(res, 400, 'bad');
        const list = [...rows.values()].filter(
          (r) =>
            (!c || r.code.includes(c)) &&
            (c ? !parent || r.parentCode === parent : r.parentCode === (parent ?? '00')),
        );
        if (p.endsWith('lazy-list')) return ok(res, list.map(vo));
        return ok(
          res,
          list.map((r) => ({
            id: r.code,
            parentId: r.parentCode,
            title: r.name,
            key: r.code,
            value: r.code,
            hasChildren: vo(r).hasChildren,
          })),
        );
      }
      if (p.endsWith('/region/detail')) {
        const c = q.get('code') ?? '';
        if (!code.test(c)) return fail(res, 400, 'bad');
        const r = rows.get(c);
        return r ? ok(res, vo(r)) : fail(res, 400, '数据不存在');
      }
      if (p.endsWith('/region/remove')) {
        const c = q.get('id') ?? '';
        if (!code.test(c)) return fail(res, 400, 'bad');
        if ([...rows.values()].some((r) => r.parentCode === c)) return fail(res, 400, '请先删除子节点!');
        if (rows.delete(c)) removed.push(c);
        return ok(res, {});
      }
      if (p.endsWith('/region/submit')) {
        let b: Partial<Region>;
        try {
          b = JSON.parse(raw) as Partial<Region>;
        } catch {
          return fail(res, 400, 'bad');
        }
        const valid =
          b &&
          typeof b === 'object' &&
          typeof b.code === 'string' &&
          code.test(b.code) &&
          typeof b.parentCode === 'string' &&
          code.test(b.parentCode) &&
          typeof b.name === 'string' &&
          b.name.length > 0 &&
          b.name.length <= 32 &&
          typeof b.regionLevel === 'number' &&
          [0, 1, 2, 3, 4, 5].includes(b.regionLevel) &&
          (b.sort === undefined || Number.isInteger(b.sort)) &&
          (b.remark === undefined || (typeof b.remark === 'string' && b.remark.length <= 255)) &&
          (b.subCode === undefined || (typeof b.subCode === 'string' && /^[0-9]{0,6}$/.test(b.subCode)));
        if (!valid) return fail(res, 400, 'bad');
        if (!rows.has(b.parentCode!)) return fail(res, 400, '上级区划不存在');
        if (!rows.has(b.code!)) created.push(b.code!);
        rows.set(b.code!, {
          code: b.code!,
          parentCode: b.parentCode!,
          name: b.name!,
          regionLevel: b.regionLevel!,
          sort: b.sort ?? 1,
          remark: b.remark ?? '',
        });
        return ok(res, {});
      }
      return fail(res, 501, '接口未实现');
    });
  };
  return { handler, rows, removed, created };
}

describe('code-keyed resources (region)', () => {
  const doc = loadSpec();
  const op = (id: string) => operationsOf(doc).find((o) => o.operationId === id)!;

  it('classifies the code-keyed detail as the detail', () => {
    expect(classify(doc, op('regionDetail')).kind).toBe('detail');
    expect(classify(doc, op('regionRemove')).kind).toBe('remove');
  });

  it('never sends the example key when an id does not fit', () => {
    const r = new Runner({
      doc,
      baseUrl: 'http://127.0.0.1:9',
      tenant: '000000',
      account: 'a',
      password: 'p',
      client: 'c:s',
    });
    for (let i = 0; i < 20; i++) {
      const q = r.validInput(op('regionRemove'), { ids: [unknownId()] }).query;
      expect(q.id).not.toBe('110101');
      expect(String(q.id)).toMatch(/^[0-9]{1,12}$/);
    }
    expect(r.validInput(op('regionDetail'), { ids: ['110199'], key: 'code' }).query.code).toBe('110199');
  });

  it('makes a typed-in key such as clientId unique, but not references', () => {
    const shape = objectShape(doc, op('clientSubmit').body);
    expect(uniqueFields(shape)).toContain('clientId');
    const user = objectShape(doc, op('regionSubmit').body);
    expect(uniqueFields(user)).not.toContain('parentCode');
  });

  describe('lifecycle against an in-memory backend', () => {
    let server: Server;
    let backend: ReturnType<typeof fakeRegionBackend>;
    let failed: string[];
    beforeAll(async () => {
      backend = fakeRegionBackend();
      server = createServer(backend.handler);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const report = await new Runner({
        doc,
        baseUrl: `http://127.0.0.1:${port}`,
        tenant: '000000',
        account: 'admin',
        password: 'admin',
        client: 'saber:saber_secret',
        only: ['region'],
      }).run();
      failed = report.ops.flatMap((o) =>
        o.checks.filter((c) => !c.ok).map((c) => `${o.operationId} ${c.name}: ${c.reason}`),
      );
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
    });

    it('removes exactly the rows it created, and leaves the seeded ones', () => {
      expect(failed).toEqual([]);
      expect(backend.created.length).toBeGreaterThan(0);
      expect(backend.removed.sort()).toEqual(backend.created.sort());
      for (const code of SEEDED) expect(backend.rows.has(code), code).toBe(true);
      expect([...backend.rows.keys()].sort()).toEqual([...SEEDED].sort());
    });
  });
});
