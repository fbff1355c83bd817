/**
 * The conformance suite of the declared entities nobody writes through the API (docs/architecture.md §5): the logs the
 * server writes itself. Their rows come from ordinary use: a login writes a usual log, every authenticated call an
 * API log, the console's error report an error log. Per entity: the list pages with consistent totals, detail
 * answers the listed row, each declared filter finds it, an unknown id answers 400, and tenant 100001 sees none of
 * tenant 000000's rows. Every answer is checked against the contract (src/test/contract.ts).
 */
import { deriveEntities, type ContractDocument } from '@smart/api-sdk/manifest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../spec';
import { probe } from '../test/filter-probes';
import { backends, contractCall, login, startTestServer, type TestServer } from '../test/harness';

type Json = Record<string, unknown>;
interface Page {
  records: Json[];
  total: number;
}

const derived = deriveEntities(loadSpec() as unknown as ContractDocument);
const withoutForm = derived.entities.filter((e) => !e.operations.submit && !e.operations.save);
// the logs; the report files and grant records (list and remove, or written by `grant` only, without a detail) are
// tested with their own rows in src/grant-report.test.ts, the card keys (made by their groups' `generate`) in
// src/modules/rpa/rpa-card-password/card-keys.test.ts
const readOnly = withoutForm.filter((e) => e.operations.detail && e.name !== 'rpa_card_password');
const qs = (q: Json) =>
  new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();

describe('read-only entities', () => {
  it('are the three logs, each with a list and a detail', () => {
    expect(withoutForm.map((e) => e.name).sort()).toEqual([
      'grantRecord',
      'log-api',
      'log-error',
      'log-usual',
      'report',
      'rpa_card_password',
    ]);
    expect(readOnly.map((e) => e.name).sort()).toEqual(['log-api', 'log-error', 'log-usual']);
    for (const e of readOnly) expect(e.operations.list && e.operations.detail, e.name).toBeTruthy();
  });
});

describe.each(backends)('read-only entity conformance on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let other: string; // administrator of tenant 100001
  const call = contractCall(() => s);

  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app, '000000')).access_token; // a usual log
    other = (await login(s.app, '100001')).access_token;
    // an error log of tenant 000000, as the console reports one
    const report = await call('POST', '/api/smart-auth/oauth/logout', 'oauthSendLogs', admin, [
      { type: 'error', message: 'conformance probe', url: '/system/param', time: '2026-01-01 10:00:00' },
    ]);
    expect(report.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  describe.each(readOnly.map((e) => [e.name, e] as const))('%s', (_name, e) => {
    const list = (q: Json, token = admin) =>
      call<Page>('GET', `${e.paths.list}?${qs(q)}`, e.operations.list!, token);
    const detail = (id: string, token = admin) =>
      call<Json>('GET', `${e.paths.detail}?${qs({ id })}`, e.operations.detail!, token);
    let row: Json = {};

    it('lists the rows ordinary use wrote, paged with consistent totals', async () => {
      // the log writer flushes asynchronously (src/logging/writer.ts): wait for the first row
      let all: Page = { records: [], total: 0 };
      for (let i = 0; i < 50 && all.total === 0; i++) {
        if (i) await new Promise((r) => setTimeout(r, 100));
        all = (await list({ size: 1000 })).body.data;
      }
      expect(all.total).toBeGreaterThan(0);
      expect(all.records).toHaveLength(all.total);
      // the platform administrator lists every tenant's rows: probe one of its own tenant
      row = all.records.find((r) => r.tenantId === '000000')!;
      expect(row).toBeDefined();
      const first = (await list({ size: 1, current: 1 })).body.data;
      expect(first).toMatchObject({ total: all.total, size: 1, current: 1, pages: all.total });
      const beyond = (await list({ size: 1, current: all.total + 1 })).body.data;
      expect(beyond).toMatchObject({ records: [], total: all.total });
    });

    it('answers the listed row by detail, and 400 for an unknown id', async () => {
      const read = await detail(String(row.id));
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual(row);
      const missing = await detail('1');
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ code: 400, success: false, data: null });
    });

    it('finds the row with each declared filter and kind', async () => {
      for (const f of e.filters) {
        if (row[f.field] === '' || row[f.field] === undefined) continue;
        const kinds = f.param === f.field ? [f.kind, ...f.also] : [f.kind];
        for (const k of kinds) {
          const param = k === f.kind ? f.param : `${f.field}_${k}`;
          const p = probe(k, row[f.field]);
          const res = await list({ size: 1000, [param]: p.value });
          expect(res.status, param).toBe(200);
          const records = res.body.data.records;
          expect(
            records.some((r) => r.id === row.id),
            `${param}=${p.value}`,
          ).toBe(p.found);
          if (p.matches) for (const r of records) expect(p.matches(r[f.field]), param).toBe(true);
        }
      }
    });

    it("shows another tenant none of the row's tenant", async () => {
      const seen = await list({ size: 1000 }, other);
      expect(seen.status).toBe(200);
      expect(seen.body.data.records.map((r) => r.id)).not.toContain(row.id);
      const read = await detail(String(row.id), other);
      expect(read.status).toBe(400);
    });
  });
});
