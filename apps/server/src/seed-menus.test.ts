import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredEntities } from './crud/entities';
import { applySeedSteps } from './db/seed';
import { MENU_CATALOGUE, catalogueRows, menuNames } from './db/seed-menus';
import { loadSpec } from './spec';
import { expectContract } from './test/contract';
import { authHeaders, backends, login, startTestServer, type TestServer } from './test/harness';

interface Menu {
  code: string;
  path: string;
  source: string;
  children?: Menu[];
}

describe('menu catalogue', () => {
  const rows = catalogueRows();

  it('has unique ids and codes, and every parent exists', () => {
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
    const ids = new Set(rows.map((r) => r.id));
    for (const r of rows) if (r.parentId !== 0n) expect(ids.has(r.parentId), r.code).toBe(true);
  });

  it('names every menu in zh and en', () => {
    const names = menuNames();
    for (const r of rows.filter((m) => m.category === 1)) {
      expect(names[r.code]?.zh, r.code).toBe(r.name);
      expect(names[r.code]?.en, r.code).toMatch(/^[A-Z]/);
    }
  });

  it("matches the console's English menu names", () => {
    const file = readFileSync(new URL('../../console/src/i18n/menu-names.ts', import.meta.url), 'utf8');
    // the console keeps the names of undeclared menus by hand and takes the declared entities' menus from their
    // manifests (apps/console/src/i18n/menu-names.ts), as the seed does (src/crud/entities.ts)
    const declared = declaredEntities().all.flatMap((e) => (e.menu ? [[e.menu.code, e.menu.name.en]] : []));
    // (a hand-kept name of a declared menu comes last, so a stale one still fails)
    const consoleNames = Object.fromEntries([
      ...declared,
      ...[...file.matchAll(/^\s+'?([\w]+)'?: '([^']*)',$/gm)].map((m) => [m[1], m[2]]),
    ]);
    const en = Object.fromEntries(Object.entries(menuNames()).map(([code, n]) => [code, n.en]));
    expect(consoleNames).toEqual(en);
  });

  it('points every delete button at a remove operation of the contract', () => {
    const spec = loadSpec() as { paths: Record<string, unknown> };
    for (const b of rows.filter((r) => r.alias === 'delete')) {
      expect(Object.hasOwn(spec.paths, b.path), `${b.code} → ${b.path}`).toBe(true);
    }
  });

  it('covers every entity page of docs/spec.md §3 that has a remove endpoint', () => {
    const spec = readFileSync(new URL('../../../openapi/dist/smart-api.json', import.meta.url), 'utf8');
    const removes = [...spec.matchAll(/"(\/api\/smart-[^"]+\/remove)"/g)].map((m) => m[1]);
    const covered = new Set(rows.filter((r) => r.alias === 'delete').map((r) => r.path));
    // yingdao_auth is served by smart-system and smart-yingdao (docs/spec.md §7): one page manages it, through the
    // declared entity of smart-system (openapi.yaml tag yingdao-auth)
    const alias = new Set(['/api/smart-yingdao/yingdao_auth/remove']);
    const missing = removes.filter((p) => !covered.has(p!) && !alias.has(p!));
    expect(missing).toEqual([]);
  });

  it('keeps the groups in sidebar order', () => {
    const sorts = MENU_CATALOGUE.map((g) => g.sort);
    expect([...sorts].sort((a, b) => a - b)).toEqual(sorts);
  });
});

describe.each(backends)('menu catalogue seeded on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('gives the administrator every page, with icons, and is applied once', async () => {
    const { access_token } = await login(s.app);
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/smart-system/menu/routes',
      headers: authHeaders(access_token),
    });
    const { data } = expectContract<{ data: Menu[] }>(res, 'menuRoutes');
    const leaves: Menu[] = [];
    const walk = (m: Menu) => (m.children?.length ? m.children.forEach(walk) : leaves.push(m));
    data.forEach(walk);
    const expected = catalogueRows().filter((r) => r.category === 1);
    const leafCodes = new Set(leaves.map((l) => l.code));
    for (const r of expected.filter((m) => !expected.some((c) => c.parentId === m.id))) {
      expect(leafCodes.has(r.code), r.code).toBe(true);
    }
    expect(leaves.every((l) => l.source !== '')).toBe(true);
    // exactly one param page although it was seeded before the catalogue
    expect(leaves.filter((l) => l.code === 'param')).toHaveLength(1);

    await applySeedSteps(s.handle.db); // a restart re-runs nothing
    const again = await s.app.inject({
      method: 'GET',
      url: '/api/smart-system/menu/buttons',
      headers: authHeaders(access_token),
    });
    const buttons = expectContract<{ data: Menu[] }>(again, 'menuButtons').data;
    const param = buttons.find((b) => b.code === 'param');
    expect(param?.children?.map((c) => c.code)).toEqual([
      'param_add',
      'param_edit',
      'param_delete',
      'param_view',
    ]);
    const pkg = buttons.find((b) => b.code === 'tenantpackage');
    expect(pkg?.children?.map((c) => c.code)).toEqual([
      'tenantpackage_add',
      'tenantpackage_edit',
      'tenantpackage_delete',
    ]);
  });
});
