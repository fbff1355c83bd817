import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { configFromEnv } from './config';
import { loadSpec } from './spec';
import { authHeaders, backends, login, startTestServer, type TestServer } from './test/harness';
import { formatDateTime, nextId, parseId, parseIds } from './util';

describe('utilities', () => {
  it('generates increasing unique ids that fit int8', () => {
    const ids = Array.from({ length: 10_000 }, () => nextId());
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
    expect(ids.every((id) => id > 0n && id < 2n ** 63n)).toBe(true);
  });

  it('parses ids defensively', () => {
    expect(parseId('123')).toBe(123n);
    expect(parseId('0')).toBeUndefined();
    expect(parseId('99999999999999999999')).toBeUndefined();
    expect(parseId('1e3')).toBeUndefined();
    expect(parseIds('1,2,2,x,3')).toEqual([1n, 2n, 3n]);
  });

  it('formats datetimes as yyyy-MM-dd HH:mm:ss', () => {
    expect(formatDateTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
    expect(formatDateTime(null)).toBe('');
  });

  it('reads its configuration from the environment', () => {
    const c = configFromEnv({ PORT: '8611', DATA_DIR: '/tmp/x', CONSOLE_DIST: '/definitely/missing' });
    expect(c).toMatchObject({ port: 8611, host: '127.0.0.1', dataDir: '/tmp/x', consoleDist: undefined });
    expect(() => configFromEnv({ PORT: 'abc' })).toThrow();
  });
});

describe.each(backends)('app on %s', (kind) => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'smart-console-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Smart</title>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // a precompressed build: the siblings hold other bytes than the plain file, so the test sees which was sent
    writeFileSync(path.join(dist, 'index.html.br'), 'BR-INDEX');
    writeFileSync(path.join(dist, 'index.html.gz'), 'GZ-INDEX');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), 'BR-APP');
    s = await startTestServer(kind, { consoleDist: dist });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers unknown /api paths with a 404 envelope', async () => {
    for (const url of ['/api/nope', '/api/smart-system/param/nope', '/api']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, success: false, msg: '404 没找到请求', data: null });
    }
    const post = await s.app.inject({ method: 'POST', url: '/api/smart-system/menu/routes' });
    expect(post.statusCode).toBe(404);
  });

  it('serves the console with SPA fallback and cache headers', async () => {
    const index = await s.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>Smart</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await s.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const deep = await s.app.inject({ method: 'GET', url: '/system/param?x=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>Smart</title>');
    expect(deep.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed sibling the browser accepts, the plain file otherwise', async () => {
    const get = (url: string, accept?: string) =>
      s.app.inject({ method: 'GET', url, headers: accept ? { 'accept-encoding': accept } : {} });
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('BR-APP');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    // only gzip accepted, and the asset has no .gz: the plain file, compressed on the way (src/http/compression.ts)
    const onTheFly = await get('/assets/app-abc123.js', 'gzip');
    expect(onTheFly.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(onTheFly.rawPayload).toString()).toBe('console.log(1)');
    const plain = await get('/assets/app-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    // the SPA fallback negotiates too, and stays revalidated
    const deep = await get('/system/param', 'gzip');
    expect(deep.headers['content-encoding']).toBe('gzip');
    expect(deep.body).toBe('GZ-INDEX');
    expect(deep.headers['content-type']).toMatch(/text\/html/);
    expect(deep.headers['cache-control']).toBe('no-cache');
    const root = await get('/', 'br');
    expect(root.body).toBe('BR-INDEX');
    expect(root.headers['cache-control']).toBe('no-cache');
  });

  it('hides internal errors behind a generic 500 envelope', async () => {
    const app = await buildApp({ db: s.handle.db, config: { logger: false } });
    app.get('/api/boom', async () => {
      throw new Error('secret internals at /srv/app.ts:42');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, success: false, msg: '服务器异常,请联系管理员', data: null });
    expect(res.body).not.toContain('secret');
    await app.close();
  });

  it('answers a missing required body with 400 and the envelope, never a 500', async () => {
    const token = (await login(s.app, '000000')).access_token;
    // without a content type Fastify finds no body schema to validate against: the required body is checked first
    for (const url of ['/api/smart-auth/oauth/logout', '/api/smart-system/param/submit']) {
      const res = await s.app.inject({ method: 'POST', url, headers: authHeaders(token) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ code: 400, success: false, msg: '消息不能读取', data: null });
    }
    // the session is still there (the body-less POST on the logout path is the send-logs call, refused)
    const ok = await s.app.inject({
      method: 'GET',
      url: '/api/smart-system/param/list',
      headers: authHeaders(token),
    });
    expect(ok.statusCode).toBe(200);
  });

  it("keeps the signing key in the database: a second instance accepts the first one's tokens", async () => {
    const t = await login(s.app);
    const other = await buildApp({ db: s.handle.db, config: { logger: false } });
    const res = await other.inject({
      method: 'GET',
      url: '/api/smart-auth/oauth/user-info',
      headers: { authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0', 'smart-auth': `bearer ${t.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    // a logout on one instance is seen by the other
    await s.app.inject({
      method: 'GET',
      url: '/api/smart-auth/oauth/logout',
      headers: { authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0', 'smart-auth': `bearer ${t.access_token}` },
    });
    const after = await other.inject({
      method: 'GET',
      url: '/api/smart-auth/oauth/user-info',
      headers: { authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0', 'smart-auth': `bearer ${t.access_token}` },
    });
    expect(after.statusCode).toBe(401);
    await other.close();
  });

  it('seeding is idempotent', async () => {
    const { seed } = await import('./db/seed');
    expect(await seed(s.handle.db)).toBe(false);
  });

  it('answers an operation of the contract without a handler with 501 and the envelope, after authentication', async () => {
    const spec = loadSpec();
    spec.paths['/api/smart-test/widget/list'] = {
      get: {
        operationId: 'widgetListNotImplemented',
        tags: ['param'],
        security: [{ clientBasic: [], smartAuth: [] }],
        parameters: [
          { name: 'size', in: 'query', required: false, schema: { type: 'integer', maximum: 10 } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    };
    const app = await buildApp({ db: s.handle.db, config: { logger: false }, spec });
    try {
      const url = '/api/smart-test/widget/list';
      const anonymous = await app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      const t = await login(app);
      const res = await app.inject({ method: 'GET', url, headers: authHeaders(t.access_token) });
      expect(res.statusCode).toBe(501);
      expect(res.json()).toEqual({ code: 501, success: false, msg: '接口未实现', data: null });
      const invalid = await app.inject({
        method: 'GET',
        url: `${url}?size=99`,
        headers: authHeaders(t.access_token),
      });
      expect(invalid.statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('serves the API reference page at /api/docs without a token', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Smart Console API');
    // self-contained: no scripts from a CDN
    expect(res.body).not.toMatch(/<script[^>]+src=["']?https?:/);
  });

  it('serves the interactive reference at /api/docs/try with its script and the bundle from this server', async () => {
    const page = await s.app.inject({ method: 'GET', url: '/api/docs/try/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/<script[^>]+src=["']?(https?:)?\/\//);
    // the page's configuration: the bundle from here, Scalar's cloud features and reports off
    expect(page.body).toContain('/api/docs/smart-api.json');
    expect(page.body).toMatch(/"telemetry":\s*false/);
    expect(page.body).toMatch(/"agent":\s*\{\s*"disabled":\s*true/);
    expect(page.body).toMatch(/"withDefaultFonts":\s*false/);
    const script = new URL(page.body.match(/<script[^>]+src="([^"]+)"/)?.[1] ?? '', 'http://h/api/docs/try/');
    expect(script.host).toBe('h');
    const js = await s.app.inject({ method: 'GET', url: script.pathname });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');

    const bundle = await s.app.inject({ method: 'GET', url: '/api/docs/smart-api.json' });
    expect(bundle.statusCode).toBe(200);
    const doc = bundle.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(400);
  });
});
