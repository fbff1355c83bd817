import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './cli';
import { referenceLogin, startReferenceServer, type ReferenceServer } from './reference-server';
import { totals } from './report';
import { Runner, type RunReport } from './runner';
import { loadSpec, operationsOf } from './spec';

/** The operations the reference server implements (apps/server/src/modules). */
const IMPLEMENTED = [
  'oauthToken',
  'oauthTokenRefresh',
  'oauthLogout',
  'oauthUserInfo',
  'menuRoutes',
  'menuButtons',
  'dictDictionary',
  'paramList',
  'paramDetail',
  'paramSubmit',
  'paramRemove',
  'regionLazyList',
  'regionDetail',
  'regionSubmit',
  'regionRemove',
  'tenantList',
  'clientSubmit',
  'logUsualList',
];

/** An access token of tenant `tenant`'s admin, as a team's own sign-in would hand one to the checker. */
async function tokenOf(baseUrl: string, tenant: string): Promise<string> {
  const query = new URLSearchParams({
    grant_type: 'password',
    username: 'admin',
    password: createHash('md5').update('admin').digest('hex'),
    scope: 'all',
    tenantId: tenant,
  });
  const res = await fetch(`${baseUrl}/api/smart-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'Tenant-Id': tenant,
    },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('contract-check against the reference server (HTTP on 127.0.0.1)', () => {
  let server: ReferenceServer;
  let report: RunReport;
  let tmp: string;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'contract-check-test-'));
    server = await startReferenceServer();
    const doc = loadSpec();
    // an operation of the contract the server has never heard of: reported as not implemented, not a violation
    doc.paths['/api/smart-demo/widget/list'] = {
      get: {
        operationId: 'widgetList',
        tags: ['demo'],
        security: [{ clientBasic: [], smartAuth: [] }],
        responses: { '200': { description: 'ok' }, '400': { description: 'bad' } },
      },
    };
    report = await new Runner({
      doc,
      baseUrl: server.baseUrl,
      tenant: '000000',
      account: 'admin',
      password: 'admin',
      client: 'saber:saber_secret',
      // the seeded second tenant attacks every row the checker creates in a tenant-owned module
      peer: { tenant: '100001', account: 'admin', password: 'admin' },
    }).run();
  });
  afterAll(async () => {
    await server?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('finds no violation', () => {
    const failed = report.ops.flatMap((o) =>
      o.checks.filter((c) => !c.ok).map((c) => `${o.operationId} ${c.name}: ${c.reason}`),
    );
    expect(failed).toEqual([]);
    expect(totals(report).violations).toBe(0);
  });

  it('exercises every implemented operation, with valid and invalid input', () => {
    const byId = new Map(report.ops.map((o) => [o.operationId, o]));
    for (const id of IMPLEMENTED) {
      const op = byId.get(id);
      expect(op, id).toBeDefined();
      expect(op!.status, id).toBe('implemented');
      expect(op!.checks.length, id).toBeGreaterThanOrEqual(2);
    }
    const names = (id: string) => byId.get(id)!.checks.map((c) => c.name);
    expect(names('paramSubmit')).toEqual(
      expect.arrayContaining([
        'create',
        'update own row',
        'missing required: body.paramName',
        'unknown id: body.id',
      ]),
    );
    expect(names('paramSubmit').some((n) => n.startsWith('oversized: body.'))).toBe(true);
    expect(names('paramSubmit').some((n) => n.startsWith('wrong type: body.'))).toBe(true);
    expect(names('paramDetail')).toEqual(
      expect.arrayContaining([
        'read back after create',
        'read back after update',
        'detail after remove → 4xx',
        'unknown id',
      ]),
    );
    expect(names('paramRemove')).toContain('remove own row');
    expect(names('oauthLogout')).toContain('token revoked after logout → 401');
    expect(names('paramList')).toContain('no token → 401');
  });

  it('runs the cross-tenant probe with the seeded peer tenant: every attack recorded, none succeeds', () => {
    const probes = report.ops.flatMap((o) =>
      o.checks.filter((c) => c.name.startsWith('other tenant: ')).map((c) => ({ op: o.operationId, ...c })),
    );
    const names = (op: string) => probes.filter((p) => p.op === op).map((p) => p.name);
    expect(names('paramList')).toContain('other tenant: list hides the row');
    expect(names('paramDetail')).toContain('other tenant: detail refused');
    expect(names('paramSubmit')).toContain('other tenant: update changes nothing');
    expect(names('paramRemove')).toContain('other tenant: remove changes nothing');
    // more tenant-owned modules than param were attacked
    expect(new Set(probes.map((p) => p.op)).size).toBeGreaterThan(4);
    expect(probes.filter((p) => !p.ok).map((p) => `${p.op} ${p.name}: ${p.reason}`)).toEqual([]);
  });

  it('removes only the rows it created: the seeded regions survive, none of its own are left', async () => {
    const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
    const q = new URLSearchParams({
      grant_type: 'password',
      username: 'admin',
      password: '21232f297a57a5a743894a0e4a801fc3',
      tenantId: '000000',
    });
    const login = await fetch(`${server.baseUrl}/api/smart-auth/oauth/token?${q}`, {
      method: 'POST',
      headers: { authorization: basic, 'tenant-id': '000000' },
    });
    const headers = {
      authorization: basic,
      'smart-auth': `bearer ${((await login.json()) as { access_token: string }).access_token}`,
    };
    const level = async (parentCode: string) => {
      const res = await fetch(
        `${server.baseUrl}/api/smart-system/region/lazy-list?parentCode=${parentCode}`,
        {
          headers,
        },
      );
      return ((await res.json()) as { data: { code: string }[] }).data.map((r) => r.code);
    };
    expect(await level('1101')).toEqual(['110101', '110102']);
    expect(await level('11')).toEqual(['1101']);
  });

  it('lists operations the server does not implement, counted and not violations', () => {
    const widget = report.ops.find((o) => o.operationId === 'widgetList')!;
    expect(widget.status).toBe('not-implemented');
    expect(widget.note).toMatch(/HTTP (404|501)/);
    // every operation of the contract is accounted for
    expect(report.ops.length).toBe(operationsOf(loadSpec()).length + 1);
  });

  it('the CLI prints tables and the summary line, writes JUnit XML and exits 0', async () => {
    const lines: string[] = [];
    const junitFile = path.join(tmp, 'junit.xml');
    const code = await main([...referenceLogin(server.baseUrl), '--only', 'param', '--junit', junitFile], {
      out: (l) => lines.push(l),
      err: (l) => lines.push(l),
    });
    const text = lines.join('\n');
    expect(code, text).toBe(0);
    expect(text).toContain('[param]');
    expect(text).toMatch(
      /contract-check: 4 operations implemented, 0 not implemented, 0 violations \(\d+ checks\)/,
    );
    expect(existsSync(junitFile)).toBe(true);
    expect(readFileSync(junitFile, 'utf8')).toContain('<testsuite name="param"');
    // the peer flags reach the probe
    expect(readFileSync(junitFile, 'utf8')).toContain('other tenant: detail refused');
  });

  it('exits 1 on a violation', async () => {
    // a contract that promises something the server does not do: paramList answers a number as msg
    const doc = loadSpec();
    const spec = path.join(tmp, 'broken.json');
    const list = doc.paths['/api/smart-system/param/list']!.get as { responses: Record<string, unknown> };
    list.responses['200'] = {
      description: 'broken',
      content: { 'application/json': { schema: { type: 'object', required: ['nope'] } } },
    };
    writeFileSync(spec, JSON.stringify(doc));
    const lines: string[] = [];
    const code = await main(
      [
        '--base-url',
        server.baseUrl,
        '--account',
        'admin',
        '--password',
        'admin',
        '--only',
        'param',
        '--spec',
        spec,
        '--quiet',
      ],
      { out: (l) => lines.push(l), err: (l) => lines.push(l) },
    );
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(/paramList .*must have required property 'nope'/);
  });

  it('runs with a token obtained elsewhere, the token and logout checks not exercised', async () => {
    const token = await tokenOf(server.baseUrl, '000000');
    const peerToken = await tokenOf(server.baseUrl, '100001');
    const lines: string[] = [];
    const jsonFile = path.join(tmp, 'token-run.json');
    const code = await main(
      [
        '--base-url',
        server.baseUrl,
        '--token',
        token,
        '--only',
        'param,auth',
        '--peer-tenant',
        '100001',
        '--peer-token',
        peerToken,
        '--json',
        jsonFile,
      ],
      { out: (l) => lines.push(l), err: (l) => lines.push(l) },
    );
    const text = lines.join('\n');
    expect(code, text).toBe(0);
    const run = JSON.parse(readFileSync(jsonFile, 'utf8')) as RunReport;
    const op = (id: string) => run.ops.find((o) => o.operationId === id)!;
    expect(op('oauthToken')).toMatchObject({ status: 'skipped', note: expect.stringMatching(/--account/) });
    expect(op('oauthLogout').status).toBe('skipped');
    expect(op('paramSubmit').checks.map((c) => c.name)).toContain('other tenant: update changes nothing');
    expect(op('paramList').checks.every((c) => c.ok)).toBe(true);

    // a refused token stops the run with the reason
    const refused: string[] = [];
    const io = { out: (l: string) => refused.push(l), err: (l: string) => refused.push(l) };
    expect(await main(['--base-url', server.baseUrl, '--token', 'not-a-token', '--only', 'param'], io)).toBe(
      2,
    );
    expect(refused.join('\n')).toMatch(/the token of the checker was refused in tenant 000000: HTTP 401/);
  });

  it('exits 2 on usage and login errors', async () => {
    const io = { out: () => {}, err: () => {} };
    expect(await main(['--account', 'admin'], io)).toBe(2);
    expect(await main(['--base-url', server.baseUrl, '--account', 'admin'], io)).toBe(2);
    expect(await main(['--base-url', server.baseUrl, '--token', 't', '--peer-tenant', '100001'], io)).toBe(2);
    expect(await main(['--bogus'], io)).toBe(2);
    expect(
      await main(['--base-url', server.baseUrl, '--account', `nobody-${Date.now()}`, '--password', 'x'], io),
    ).toBe(2);
  });
});
