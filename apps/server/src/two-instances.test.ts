/**
 * Issue 4 item 7: two server processes on one PostgreSQL. They start together (migrations and seed serialise on
 * advisory locks), a token issued by one works on the other, a write on one is read on the other, and a logout on
 * one is honoured by both. Runs when TEST_DATABASE_URL points at a PostgreSQL server (CI starts one).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MD5, BASIC, tokenUrl } from './test/harness';
import { startServerProcess, type ServerProcess } from './test/process';

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('two instances on one PostgreSQL', () => {
  const name = `smart_two_${process.pid}_${randomBytes(4).toString('hex')}`;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(baseUrl as string);
    url.pathname = `/${name}`;
    // both start at once on an empty database
    [a, b] = await Promise.all([
      startServerProcess({ DATABASE_URL: url.toString() }),
      startServerProcess({ DATABASE_URL: url.toString() }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  });

  const call = async (server: ServerProcess, path: string, init: RequestInit & { token?: string } = {}) => {
    const headers: Record<string, string> = { authorization: BASIC, 'tenant-id': '000000' };
    if (init.token) headers['smart-auth'] = `bearer ${init.token}`;
    if (init.body) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.baseUrl}${path}`, { ...init, headers });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const passwordLogin = (server: ServerProcess) =>
    call(
      server,
      tokenUrl({
        grant_type: 'password',
        username: 'admin',
        password: ADMIN_MD5,
        scope: 'all',
        tenantId: '000000',
      }),
      { method: 'POST' },
    );

  it('seeds once although both started together', async () => {
    const db = new URL(baseUrl as string);
    db.pathname = `/${name}`;
    const own = new pg.Client({ connectionString: db.toString() });
    await own.connect();
    try {
      const { rows } = await own.query(
        `select count(*)::int as n from smart_tenant where tenant_id = '000000' and is_deleted = 0`,
      );
      const steps = await own.query(`select name, count(*)::int as n from smart_seed_step group by name`);
      expect(rows[0].n).toBe(1);
      expect(steps.rows.length).toBeGreaterThan(0);
      expect(steps.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
    } finally {
      await own.end();
    }
  });

  it('a token issued by one instance works on the other, and a write on one is read on the other', async () => {
    const login = await passwordLogin(a);
    expect(login.status).toBe(200);
    const token = String(login.body.access_token);
    const key = `two.instances.${randomBytes(3).toString('hex')}`;
    const saved = await call(b, '/api/smart-system/param/submit', {
      method: 'POST',
      token,
      body: JSON.stringify({ paramName: '双实例', paramKey: key, paramValue: 'b' }),
    });
    expect(saved.status).toBe(200);
    const listed = await call(a, `/api/smart-system/param/list?paramKey=${key}`, { token });
    expect(listed.status).toBe(200);
    const page = listed.body.data as { total: number; records: { paramKey: string }[] };
    expect(page.total).toBe(1);
    expect(page.records[0]?.paramKey).toBe(key);
  });

  it('a refresh on one instance rotates for both, and a logout on one is honoured by both', async () => {
    const login = await passwordLogin(a);
    const refreshed = await call(
      b,
      tokenUrl({
        grant_type: 'refresh_token',
        refresh_token: String(login.body.refresh_token),
        scope: 'all',
      }),
      { method: 'POST' },
    );
    expect(refreshed.status).toBe(200);
    // the old refresh token is spent on both
    const replay = await call(
      a,
      tokenUrl({
        grant_type: 'refresh_token',
        refresh_token: String(login.body.refresh_token),
        scope: 'all',
      }),
      { method: 'POST' },
    );
    expect(replay.status).toBe(401);

    const token = String(refreshed.body.access_token);
    for (const s of [a, b]) {
      expect((await call(s, '/api/smart-auth/oauth/user-info', { token })).status).toBe(200);
    }
    const out = await call(b, '/api/smart-auth/oauth/logout', { token });
    expect(out.status).toBe(200);
    for (const s of [a, b]) {
      const res = await call(s, '/api/smart-auth/oauth/user-info', { token });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401, success: false });
    }
    // the whole login session ends: its newest refresh token is refused by the other instance too
    const after = await call(
      a,
      tokenUrl({
        grant_type: 'refresh_token',
        refresh_token: String(refreshed.body.refresh_token),
        scope: 'all',
      }),
      { method: 'POST' },
    );
    expect(after.status).toBe(401);
  });
});
