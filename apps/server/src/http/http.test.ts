/**
 * Headers and compression of every answer (src/http): the console's policy on the SPA, its assets and the API,
 * the reference's and the payment sandbox's own policies, HSTS only over TLS, brotli / gzip above 1 KiB.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, login, startTestServer, type TestServer } from '../test/harness';
import { CONSOLE_CSP, inlineScriptHashes, serializeCsp } from './security-headers';

describe('security headers and compression', () => {
  let s: TestServer;
  let dist: string;
  const asset = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'smart-http-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc.js'), asset);
    s = await startTestServer('pglite', {
      consoleDist: dist,
      pay: { sandbox: true, queryIntervalMs: 0, sweepIntervalMs: 0 },
    });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url, headers });

  it('gives the console, its assets, the API and errors the strict policy and the other headers', async () => {
    for (const url of ['/', '/login', '/assets/index-abc.js', '/api/smart-system/tenant/list', '/api/nope']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toBe(serializeCsp(CONSOLE_CSP));
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    const csp = serializeCsp(CONSOLE_CSP);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(";script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
  });

  it('sends HSTS only when the request came over TLS', async () => {
    const res = await get('/api/nope', { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(
      (await get('/api/nope', { 'x-forwarded-proto': 'http' })).headers['strict-transport-security'],
    ).toBe(undefined);
  });

  it('allows the API reference its inline scripts by hash, nothing else inline', async () => {
    const res = await get('/api/docs');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    if (res.statusCode === 200) {
      const hashes = inlineScriptHashes(res.body);
      expect(hashes.length).toBeGreaterThan(0);
      for (const h of hashes) expect(csp).toContain(h);
    }
  });

  it('hashes exactly the text of inline scripts', () => {
    const code = 'window.a = 1;';
    const digest = createHash('sha256').update(code).digest('base64');
    expect(inlineScriptHashes(`<script>${code}</script><script src="/x.js"></script>`)).toEqual([
      `'sha256-${digest}'`,
    ]);
  });

  it("gives the payment sandbox's pages their own policy", async () => {
    const res = await get('/sandbox-pay/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none';base-uri 'none';style-src 'unsafe-inline';img-src 'self' data:;form-action 'self';frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses assets and JSON in brotli or gzip, and not small bodies', async () => {
    const br = await get('/assets/index-abc.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(asset);
    const gz = await get('/assets/index-abc.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(asset);
    expect((await get('/assets/index-abc.js')).headers['content-encoding']).toBeUndefined();

    const token = (await login(s.app)).access_token;
    const list = await get('/api/smart-system/menu/list', {
      ...authHeaders(token),
      'accept-encoding': 'gzip',
    });
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(list.rawPayload).toString())).toMatchObject({ code: 200, success: true });

    const small = await get('/api/nope', { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
