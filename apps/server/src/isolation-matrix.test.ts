/**
 * Cross-tenant isolation matrix: every list, detail, update and remove (and the user- and module-specific writes)
 * of every tenant-owned module, tried with another tenant's token and the owner's ids. Nothing may leak (the row
 * is neither listed, nor counted in a total, nor detailed) and nothing may change (the owner's row, read back from
 * the database and through the owner's detail, is byte-for-byte the same after every foreign write).
 *
 * Forward: the admin of tenant 100001 attacks rows of tenant 000000. Reverse: the platform administrator (000000)
 * attacks rows of tenant 100001 through the tenant-scoped operations; cells where the platform administrator is
 * meant to reach every tenant (role module, dept tree views, logs, `tenantId` parameters) are forward only.
 * Platform-wide modules (tenant, tenant package, client) are refused to the other tenant altogether.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERMISSION_MSG, NOT_FOUND_MSG } from './crud/index';
import { execRows } from './db/index';
import { logApi, logError, logUsual } from './db/schema';
import { SEED_IDS } from './db/seed-data';
import { expectContract } from './test/contract';
import {
  ADMIN_MD5,
  BASIC,
  authHeaders,
  backends,
  login,
  startTestServer,
  tokenUrl,
  type Env,
  type TestServer,
} from './test/harness';
import { nextId } from './util';

type Json = Record<string, unknown>;
interface Actor {
  tenant: string;
  token: string;
}
/** A row of the owner, attacked by the other tenant. */
interface Target {
  id: string;
  tag: string;
  owner: Actor;
  /** module-specific facts (codes, parent ids, …) */
  facts: Record<string, string>;
}
interface Req {
  method: 'GET' | 'POST';
  url: string;
  op: string;
  body?: object;
}
interface Ctx {
  s: TestServer;
  send(req: Req, token: string): Promise<{ status: number; body: Env; raw: string }>;
  rows(q: SQL): Promise<Json[]>;
}

type Direction = 'forward' | 'reverse';

interface ListCell {
  kind: 'list';
  name: string;
  req(t: Target, attacker: Actor): Req;
  /** Live rows of the attacker's tenant the page total must equal (paged views). */
  total?: (attacker: Actor) => SQL;
  /** Extra assertion on the attacker's data. */
  check?: (data: unknown, t: Target) => void;
  forwardOnly?: boolean;
  /** Expected HTTP status (platform-wide modules refuse the other tenant with 401). */
  status?: number;
}
interface DetailCell {
  kind: 'detail';
  name: string;
  req(t: Target): Req;
  forwardOnly?: boolean;
  status?: number;
}
interface WriteCell {
  kind: 'write';
  name: string;
  req(t: Target, attacker: Actor): Req;
  /** What the foreign call answers: the not-found envelope (400), or a refusal (401). */
  expect: 'not-found' | 'denied';
  forwardOnly?: boolean;
}
type Cell = ListCell | DetailCell | WriteCell;

interface Module {
  name: string;
  table: string;
  /** false: no reverse cells at all (read-only logs, platform-wide data). */
  reverse: boolean;
  create(c: Ctx, owner: Actor, tag: string): Promise<Target>;
  /** The owner's read back of the row (compared before and after each foreign write). */
  ownerDetail?: (t: Target) => Req;
  /** Rows besides the target's own that a foreign write must not change either. */
  related?: (t: Target, attacker: Actor) => SQL[];
  cells: Cell[];
}

const SYS = '/api/smart-system';
const USER = '/api/smart-user';
const RES = '/api/smart-resource';
const DESK = '/api/smart-desk';
const LOG = '/api/smart-log';

const get = (url: string, op: string): Req => ({ method: 'GET', url, op });
const post = (url: string, op: string, body?: object): Req => ({
  method: 'POST',
  url,
  op,
  ...(body ? { body } : {}),
});
const live =
  (table: string, extra = sql``) =>
  (a: Actor) =>
    sql`select count(*)::int as n from ${sql.raw(table)} where tenant_id = ${a.tenant} and is_deleted = 0 ${extra}`;
const pageOf = (data: unknown) => data as { records: Json[]; total: number };
const emptyPage = (data: unknown) => {
  expect(pageOf(data).total).toBe(0);
  expect(pageOf(data).records).toEqual([]);
};
const emptyList = (data: unknown) => expect(data).toEqual([]);
const ownRoot = (a: Actor) => String(a.tenant === '000000' ? SEED_IDS.deptAdmin : SEED_IDS.deptDemo);
const ownRole = (a: Actor) => String(a.tenant === '000000' ? SEED_IDS.roleUser : SEED_IDS.roleDemoAdmin);

/** Finds the id of the row the owner just created through one of the owner's list views. */
async function idFrom(c: Ctx, owner: Actor, req: Req, pick: (row: Json) => boolean): Promise<string> {
  const res = await c.send(req, owner.token);
  expect(res.status, res.raw).toBe(200);
  const d = res.body.data;
  const rows: Json[] = [];
  const walk = (list: Json[]) => {
    for (const r of list) {
      rows.push(r);
      if (Array.isArray(r.children)) walk(r.children as Json[]);
    }
  };
  walk(Array.isArray(d) ? (d as Json[]) : pageOf(d).records);
  const row = rows.find(pick);
  expect(row, `created row of ${req.op}`).toBeDefined();
  return String(row!.id);
}

/** Submits as the owner and expects success. */
async function ok(c: Ctx, owner: Actor, req: Req): Promise<Env> {
  const res = await c.send(req, owner.token);
  expect(res.status, `${req.op}: ${res.raw}`).toBe(200);
  return res.body;
}

/** The standard crud module: list (+ filtered list), detail, update via submit, remove. */
function crudModule(o: {
  name: string;
  table: string;
  base: string;
  op: string;
  key: string;
  body(tag: string, owner: Actor): Json;
  changed(body: Json): Json;
}): Module {
  const cap = o.op;
  return {
    name: o.name,
    table: o.table,
    reverse: true,
    async create(c, owner, tag) {
      const body = o.body(tag, owner);
      await ok(c, owner, post(`${o.base}/submit`, `${cap}Submit`, body));
      const id = await idFrom(
        c,
        owner,
        get(`${o.base}/list?${o.key}=${encodeURIComponent(String(body[o.key]))}`, `${cap}List`),
        (r) => r[o.key] === body[o.key],
      );
      return { id, tag, owner, facts: { key: String(body[o.key]), body: JSON.stringify(body) } };
    },
    ownerDetail: (t) => get(`${o.base}/detail?id=${t.id}`, `${cap}Detail`),
    cells: [
      {
        kind: 'list',
        name: 'list',
        req: () => get(`${o.base}/list?size=1000`, `${cap}List`),
        total: live(o.table),
      },
      {
        kind: 'list',
        name: 'list filtered to the row',
        req: (t) => get(`${o.base}/list?${o.key}=${encodeURIComponent(t.facts.key!)}`, `${cap}List`),
        check: emptyPage,
      },
      { kind: 'detail', name: 'detail', req: (t) => get(`${o.base}/detail?id=${t.id}`, `${cap}Detail`) },
      {
        kind: 'write',
        name: 'update',
        req: (t) =>
          post(`${o.base}/submit`, `${cap}Submit`, {
            ...o.changed(JSON.parse(t.facts.body!) as Json),
            id: t.id,
          }),
        expect: 'not-found',
      },
      {
        kind: 'write',
        name: 'remove',
        req: (t) => post(`${o.base}/remove?ids=${t.id}`, `${cap}Remove`),
        expect: 'not-found',
      },
    ],
  };
}

function logModule(
  kind: 'usual' | 'api' | 'error',
  table: typeof logUsual | typeof logApi | typeof logError,
) {
  const cap = `log${kind[0]!.toUpperCase()}${kind.slice(1)}`;
  const name = `smart_log_${kind}`;
  return {
    name: `log-${kind}`,
    table: name,
    reverse: false, // the platform administrator reads every tenant's logs
    async create(c: Ctx, owner: Actor, tag: string): Promise<Target> {
      const id = nextId();
      await c.s.handle.db
        .insert(table)
        .values({ id, tenantId: owner.tenant, requestUri: `/isolation/${tag}` });
      return { id: id.toString(), tag, owner, facts: {} };
    },
    ownerDetail: (t: Target) => get(`${LOG}/${kind}/detail?id=${t.id}`, `${cap}Detail`),
    cells: [
      {
        kind: 'list',
        name: 'list',
        req: () => get(`${LOG}/${kind}/list?size=1000`, `${cap}List`),
        total: (a: Actor) =>
          sql`select count(*)::int as n from ${sql.raw(name)} where tenant_id = ${a.tenant}`,
      },
      {
        kind: 'list',
        name: 'list filtered to the row',
        req: (t: Target) => get(`${LOG}/${kind}/list?requestUri=${t.tag}`, `${cap}List`),
        check: emptyPage,
      },
      {
        kind: 'detail',
        name: 'detail',
        req: (t: Target) => get(`${LOG}/${kind}/detail?id=${t.id}`, `${cap}Detail`),
      },
    ],
  } satisfies Module;
}

const MODULES: Module[] = [
  crudModule({
    name: 'param',
    table: 'smart_param',
    base: `${SYS}/param`,
    op: 'param',
    key: 'paramKey',
    body: (tag) => ({ paramName: `iso ${tag}`, paramKey: `iso.${tag}`, paramValue: 'v1' }),
    changed: (b) => ({ ...b, paramValue: 'hacked' }),
  }),
  crudModule({
    name: 'post',
    table: 'smart_post',
    base: `${SYS}/post`,
    op: 'post',
    key: 'postCode',
    body: (tag) => ({ category: 4, postCode: `p${tag}`, postName: `岗位${tag}`, sort: 50 }),
    changed: (b) => ({ ...b, postName: 'hacked' }),
  }),
  crudModule({
    name: 'notice',
    table: 'smart_notice',
    base: `${DESK}/notice`,
    op: 'notice',
    key: 'title',
    body: (tag) => ({ title: `通知${tag}`, category: 1, releaseTime: '2026-01-02 03:04:05', content: 'c' }),
    changed: (b) => ({ ...b, content: 'hacked' }),
  }),
  crudModule({
    name: 'attach',
    table: 'smart_attach',
    base: `${RES}/attach`,
    op: 'attach',
    key: 'originalName',
    body: (tag) => ({
      link: `https://cdn.example.cn/${tag}.pdf`,
      originalName: `${tag}.pdf`,
      attachSize: 12,
    }),
    changed: (b) => ({ ...b, link: 'https://evil.example.cn/x.pdf' }),
  }),
];

// oss and sms: the crud cells plus enable (the attacker's own active config must stay active too)
for (const [name, key, body] of [
  [
    'oss',
    'ossCode',
    (tag: string) => ({
      category: 1,
      ossCode: `o${tag}`,
      endpoint: 'http://127.0.0.1:9000',
      accessKey: 'ak',
      secretKey: `oss-secret-${tag}`,
      bucketName: 'b',
    }),
  ],
  [
    'sms',
    'smsCode',
    (tag: string) => ({
      category: 3,
      smsCode: `s${tag}`,
      templateId: 'T1',
      accessKey: 'ak',
      secretKey: `sms-secret-${tag}`,
    }),
  ],
] as const) {
  const m = crudModule({
    name,
    table: `smart_${name}`,
    base: `${RES}/${name}`,
    op: name,
    key,
    body,
    changed: (b) => ({ ...b, accessKey: 'hacked', secretKey: 'hacked' }),
  });
  m.related = (_t, attacker) => [
    sql`select id, status from ${sql.raw(`smart_${name}`)} where tenant_id = ${attacker.tenant} order by id`,
  ];
  m.cells.push({
    kind: 'write',
    name: 'enable',
    req: (t) => post(`${RES}/${name}/enable?id=${t.id}`, `${name}Enable`),
    expect: 'not-found',
  });
  MODULES.push(m);
}

MODULES.push(
  {
    name: 'dept',
    table: 'smart_dept',
    reverse: true,
    async create(c, owner, tag) {
      const res = await ok(
        c,
        owner,
        post(`${SYS}/dept/submit`, 'deptSubmit', {
          parentId: ownRoot(owner),
          deptName: `部门${tag}`,
          fullName: `部门${tag}`,
          deptCategory: 2,
          sort: 9,
        }),
      );
      return { id: (res.data as { id: string }).id, tag, owner, facts: {} };
    },
    ownerDetail: (t) => get(`${SYS}/dept/detail?id=${t.id}`, 'deptDetail'),
    cells: [
      // the platform administrator reads every tenant's departments in list, lazy-list and the tree views
      { kind: 'list', name: 'list', req: () => get(`${SYS}/dept/list`, 'deptList'), forwardOnly: true },
      {
        kind: 'list',
        name: 'lazy-list under the owner’s root',
        req: (t) => get(`${SYS}/dept/lazy-list?parentId=${ownRoot(t.owner)}`, 'deptLazyList'),
        check: emptyList,
        forwardOnly: true,
      },
      {
        kind: 'list',
        name: 'tree naming the owner’s tenant',
        req: (t) => get(`${SYS}/dept/tree?tenantId=${t.owner.tenant}`, 'deptTree'),
        forwardOnly: true,
      },
      {
        kind: 'list',
        name: 'lazy-tree naming the owner’s tenant and root',
        req: (t) =>
          get(
            `${SYS}/dept/lazy-tree?tenantId=${t.owner.tenant}&parentId=${ownRoot(t.owner)}`,
            'deptLazyTree',
          ),
        check: emptyList,
        forwardOnly: true,
      },
      {
        kind: 'list',
        name: 'getDeviceTree naming the owner’s tenant',
        req: (t) => get(`${SYS}/dept/getDeviceTree?tenantId=${t.owner.tenant}`, 'deptGetDeviceTree'),
        forwardOnly: true,
      },
      {
        kind: 'list',
        name: 'select by id',
        req: (t) => get(`${SYS}/dept/select?deptId=${t.id}`, 'deptSelect'),
        check: emptyList,
      },
      { kind: 'detail', name: 'detail', req: (t) => get(`${SYS}/dept/detail?id=${t.id}`, 'deptDetail') },
      {
        kind: 'write',
        name: 'update',
        req: (t) =>
          post(`${SYS}/dept/submit`, 'deptSubmit', {
            id: t.id,
            deptName: 'hacked',
            fullName: 'hacked',
            deptCategory: 1,
            sort: 1,
          }),
        expect: 'not-found',
      },
      {
        kind: 'write',
        name: 'remove',
        req: (t) => post(`${SYS}/dept/remove?ids=${t.id}`, 'deptRemove'),
        expect: 'not-found',
      },
    ],
  },
  {
    name: 'role',
    table: 'smart_role',
    reverse: true,
    async create(c, owner, tag) {
      await ok(
        c,
        owner,
        post(`${SYS}/role/submit`, 'roleSubmit', { roleName: `角色${tag}`, roleAlias: `r${tag}`, sort: 7 }),
      );
      const id = await idFrom(
        c,
        owner,
        get(`${SYS}/role/list?roleAlias=r${tag}`, 'roleList'),
        (r) => r.roleAlias === `r${tag}`,
      );
      await ok(
        c,
        owner,
        post(`${SYS}/role/grant`, 'roleGrant', { roleIds: [id], menuIds: [String(SEED_IDS.menuParam)] }),
      );
      return { id, tag, owner, facts: {} };
    },
    ownerDetail: (t) => get(`${SYS}/role/detail?id=${t.id}`, 'roleDetail'),
    related: (t) => [
      sql`select menu_id from smart_role_menu where role_id = ${BigInt(t.id)} order by menu_id`,
    ],
    // the platform administrator reaches every tenant's roles: only `select` (always the caller's tenant) is reversed
    cells: [
      { kind: 'list', name: 'list', req: () => get(`${SYS}/role/list`, 'roleList'), forwardOnly: true },
      {
        kind: 'list',
        name: 'tree naming the owner’s tenant',
        req: (t) => get(`${SYS}/role/tree?tenantId=${t.owner.tenant}`, 'roleTree'),
        forwardOnly: true,
      },
      {
        kind: 'list',
        name: 'tree-by-id',
        req: (t) => get(`${SYS}/role/tree-by-id?roleId=${t.id}`, 'roleTreeById'),
        forwardOnly: true,
      },
      {
        kind: 'list',
        name: 'select by id',
        req: (t) => get(`${SYS}/role/select?roleId=${t.id}`, 'roleSelect'),
        check: emptyList,
      },
      {
        kind: 'detail',
        name: 'detail',
        req: (t) => get(`${SYS}/role/detail?id=${t.id}`, 'roleDetail'),
        forwardOnly: true,
      },
      {
        kind: 'write',
        name: 'update',
        req: (t) =>
          post(`${SYS}/role/submit`, 'roleSubmit', {
            id: t.id,
            roleName: 'hacked',
            roleAlias: `h${t.tag}`,
            sort: 1,
          }),
        expect: 'not-found',
        forwardOnly: true,
      },
      {
        kind: 'write',
        name: 'remove',
        req: (t) => post(`${SYS}/role/remove?ids=${t.id}`, 'roleRemove'),
        expect: 'not-found',
        forwardOnly: true,
      },
      {
        kind: 'write',
        name: 'grant',
        req: (t) => post(`${SYS}/role/grant`, 'roleGrant', { roleIds: [t.id], menuIds: [] }),
        expect: 'not-found',
        forwardOnly: true,
      },
    ],
  },
  {
    name: 'user',
    table: 'smart_user',
    reverse: true,
    async create(c, owner, tag) {
      const account = `u${tag}`;
      await ok(
        c,
        owner,
        post(`${USER}/submit`, 'userSubmit', {
          account,
          name: account,
          realName: account,
          userType: 1,
          roleId: ownRole(owner),
          deptId: ownRoot(owner),
          password: 'pass123',
          password2: 'pass123',
        }),
      );
      const id = await idFrom(
        c,
        owner,
        get(`${USER}/page?account=${account}`, 'userPage'),
        (r) => r.account === account,
      );
      await ok(
        c,
        owner,
        post(
          `${USER}/update-platform?userId=${id}&userType=1&userExt=%7B%22a%22%3A1%7D`,
          'userUpdatePlatform',
        ),
      );
      await ok(c, owner, post(`${USER}/updateAuthCode`, 'userUpdateAuthCode', { id, authCode: `AC-${tag}` }));
      // a failed login leaves a failure counter that a foreign unlock must not clear
      const failed = await c.s.app.inject({
        method: 'POST',
        url: tokenUrl({ grant_type: 'password', username: account, password: 'f'.repeat(32) }),
        headers: { authorization: BASIC, 'tenant-id': owner.tenant },
      });
      expect(failed.statusCode).toBe(400);
      const counters = await c.rows(
        sql`select count from smart_login_failure where tenant_id = ${owner.tenant} and account = ${account}`,
      );
      expect(counters).toHaveLength(1);
      return { id, tag, owner, facts: { account } };
    },
    ownerDetail: (t) => get(`${USER}/platform-detail?id=${t.id}`, 'userPlatformDetail'),
    related: (t) => [
      sql`select * from smart_user_ext where user_id = ${BigInt(t.id)} order by user_type`,
      sql`select tenant_id, account, count from smart_login_failure where tenant_id = ${t.owner.tenant} and account = ${t.facts.account!}`,
    ],
    cells: [
      {
        kind: 'list',
        name: 'page',
        req: () => get(`${USER}/page?size=1000`, 'userPage'),
        total: live('smart_user'),
      },
      {
        kind: 'list',
        name: 'page filtered to the row',
        req: (t) => get(`${USER}/page?account=${t.facts.account!}`, 'userPage'),
        check: emptyPage,
      },
      {
        kind: 'list',
        name: 'page naming the owner’s tenant',
        req: (t) => get(`${USER}/page?size=1000&tenantId=${t.owner.tenant}`, 'userPage'),
        total: live('smart_user'),
        forwardOnly: true, // the platform administrator may name a tenant
      },
      {
        kind: 'list',
        name: 'role select by user id',
        req: (t) => get(`${SYS}/role/select?userId=${t.id}`, 'roleSelect'),
        check: emptyList,
      },
      {
        kind: 'list',
        name: 'dept select by user id',
        req: (t) => get(`${SYS}/dept/select?userId=${t.id}`, 'deptSelect'),
        check: emptyList,
      },
      { kind: 'detail', name: 'detail', req: (t) => get(`${USER}/detail?id=${t.id}`, 'userDetail') },
      {
        kind: 'detail',
        name: 'platform-detail',
        req: (t) => get(`${USER}/platform-detail?id=${t.id}`, 'userPlatformDetail'),
      },
      {
        kind: 'write',
        name: 'update',
        req: (t, a) =>
          post(`${USER}/update`, 'userUpdate', {
            id: t.id,
            account: `h${t.tag}`,
            name: 'hacked',
            realName: 'hacked',
            userType: 1,
            roleId: ownRole(a),
            deptId: ownRoot(a),
          }),
        expect: 'not-found',
      },
      {
        kind: 'write',
        name: 'submit with the id',
        req: (t, a) =>
          post(`${USER}/submit`, 'userSubmit', {
            id: t.id,
            account: `h${t.tag}`,
            name: 'hacked',
            realName: 'hacked',
            userType: 1,
            roleId: ownRole(a),
            deptId: ownRoot(a),
          }),
        expect: 'not-found',
      },
      {
        kind: 'write',
        name: 'remove',
        req: (t) => post(`${USER}/remove?ids=${t.id}`, 'userRemove'),
        expect: 'not-found',
      },
      {
        kind: 'write',
        name: 'unlock',
        req: (t) => post(`${USER}/unlock?userIds=${t.id}`, 'userUnlock'),
        expect: 'not-found',
      },
      {
        kind: 'write',
        name: 'update-platform',
        req: (t) =>
          post(
            `${USER}/update-platform?userId=${t.id}&userType=1&userExt=%7B%22hacked%22%3A1%7D`,
            'userUpdatePlatform',
          ),
        expect: 'not-found',
      },
      {
        kind: 'write',
        name: 'updateAuthCode',
        req: (t) =>
          post(`${USER}/updateAuthCode`, 'userUpdateAuthCode', { id: t.id, authCode: `HACK-${t.tag}` }),
        expect: 'not-found',
      },
      {
        kind: 'write',
        name: 'reset-password',
        req: (t) => post(`${USER}/reset-password?userIds=${t.id}`, 'userResetPassword'),
        expect: 'not-found',
      },
      {
        kind: 'write',
        name: 'grant',
        req: (t, a) => post(`${USER}/grant?userIds=${t.id}&roleIds=${ownRole(a)}`, 'userGrant'),
        expect: 'not-found',
      },
    ],
  },
  {
    name: 'dict-biz',
    table: 'smart_dict_biz',
    reverse: true,
    async create(c, owner, tag) {
      const code = `biz_${tag}`;
      await ok(
        c,
        owner,
        post(`${SYS}/dict-biz/submit`, 'dictBizSubmit', {
          code,
          dictValue: `字典${tag}`,
          sort: 1,
          isSealed: 0,
        }),
      );
      const id = await idFrom(
        c,
        owner,
        get(`${SYS}/dict-biz/list?code=${code}`, 'dictBizList'),
        (r) => r.code === code,
      );
      await ok(
        c,
        owner,
        post(`${SYS}/dict-biz/submit`, 'dictBizSubmit', {
          parentId: id,
          code,
          dictKey: '1',
          dictValue: `项${tag}`,
          sort: 1,
          isSealed: 0,
        }),
      );
      return { id, tag, owner, facts: { code } };
    },
    ownerDetail: (t) => get(`${SYS}/dict-biz/detail?id=${t.id}`, 'dictBizDetail'),
    related: (t) => [sql`select * from smart_dict_biz where parent_id = ${BigInt(t.id)} order by id`],
    cells: [
      { kind: 'list', name: 'list', req: () => get(`${SYS}/dict-biz/list`, 'dictBizList') },
      {
        kind: 'list',
        name: 'list filtered to the row',
        req: (t) => get(`${SYS}/dict-biz/list?code=${t.facts.code!}`, 'dictBizList'),
        check: emptyList,
      },
      {
        kind: 'list',
        name: 'parent-list',
        req: () => get(`${SYS}/dict-biz/parent-list?size=1000`, 'dictBizParentList'),
        total: live('smart_dict_biz', sql`and parent_id = 0`),
      },
      {
        kind: 'list',
        name: 'child-list of the row',
        req: (t) => get(`${SYS}/dict-biz/child-list?parentId=${t.id}`, 'dictBizChildList'),
        check: emptyList,
      },
      { kind: 'list', name: 'tree', req: () => get(`${SYS}/dict-biz/tree`, 'dictBizTree') },
      {
        kind: 'list',
        name: 'dictionary of the row’s code',
        req: (t) => get(`${SYS}/dict-biz/dictionary?code=${t.facts.code!}`, 'dictBizDictionary'),
        check: emptyList,
      },
      {
        kind: 'detail',
        name: 'detail',
        req: (t) => get(`${SYS}/dict-biz/detail?id=${t.id}`, 'dictBizDetail'),
      },
      {
        kind: 'write',
        name: 'update',
        req: (t) =>
          post(`${SYS}/dict-biz/submit`, 'dictBizSubmit', {
            id: t.id,
            code: t.facts.code!,
            dictValue: 'hacked',
            sort: 1,
            isSealed: 0,
          }),
        expect: 'not-found',
      },
      {
        kind: 'write',
        name: 'remove',
        req: (t) => post(`${SYS}/dict-biz/remove?ids=${t.id}`, 'dictBizRemove'),
        expect: 'not-found',
      },
    ],
  },
  {
    name: 'topmenu',
    table: 'smart_top_menu',
    reverse: true,
    async create(c, owner, tag) {
      const code = `tm${tag}`;
      await ok(
        c,
        owner,
        post(`${SYS}/topmenu/submit`, 'topmenuSubmit', { code, name: `顶部${tag}`, sort: 3 }),
      );
      const id = await idFrom(
        c,
        owner,
        get(`${SYS}/topmenu/list?code=${code}`, 'topmenuList'),
        (r) => r.code === code,
      );
      await ok(
        c,
        owner,
        post(`${SYS}/topmenu/grant`, 'topmenuGrant', {
          topMenuIds: [id],
          menuIds: [String(SEED_IDS.menuParam)],
        }),
      );
      return { id, tag, owner, facts: { code } };
    },
    ownerDetail: (t) => get(`${SYS}/topmenu/detail?id=${t.id}`, 'topmenuDetail'),
    related: (t) => [sql`select menu_id from smart_top_menu_setting where top_menu_id = ${BigInt(t.id)}`],
    cells: [
      {
        kind: 'list',
        name: 'list',
        req: () => get(`${SYS}/topmenu/list?size=1000`, 'topmenuList'),
        total: live('smart_top_menu'),
      },
      {
        kind: 'list',
        name: 'list filtered to the row',
        req: (t) => get(`${SYS}/topmenu/list?code=${t.facts.code!}`, 'topmenuList'),
        check: emptyPage,
      },
      { kind: 'list', name: 'menu/top-menu', req: () => get(`${SYS}/menu/top-menu`, 'menuTopMenu') },
      {
        kind: 'list',
        name: 'menu/top-tree-keys of the row',
        req: (t) => get(`${SYS}/menu/top-tree-keys?topMenuIds=${t.id}`, 'menuTopTreeKeys'),
        check: (data) => expect((data as { menu: string[] }).menu).toEqual([]),
      },
      {
        kind: 'detail',
        name: 'detail',
        req: (t) => get(`${SYS}/topmenu/detail?id=${t.id}`, 'topmenuDetail'),
      },
      {
        kind: 'write',
        name: 'update',
        req: (t) =>
          post(`${SYS}/topmenu/submit`, 'topmenuSubmit', {
            id: t.id,
            code: 'hacked',
            name: 'hacked',
            sort: 1,
          }),
        expect: 'not-found',
      },
      {
        kind: 'write',
        name: 'remove',
        req: (t) => post(`${SYS}/topmenu/remove?ids=${t.id}`, 'topmenuRemove'),
        expect: 'not-found',
      },
      {
        kind: 'write',
        name: 'grant',
        req: (t) => post(`${SYS}/topmenu/grant`, 'topmenuGrant', { topMenuIds: [t.id], menuIds: [] }),
        expect: 'not-found',
      },
    ],
  },
  logModule('usual', logUsual),
  logModule('api', logApi),
  logModule('error', logError),
);

/** Platform-wide modules: the other tenant's admin neither reads nor writes them (forward only). */
function platformModule(o: {
  name: string;
  table: string;
  base: string;
  op: string;
  update: { path: string; op: string };
  target(c: Ctx, owner: Actor, tag: string): Promise<string>;
  body(t: Target): Json;
}): Module {
  return {
    name: o.name,
    table: o.table,
    reverse: false,
    async create(c, owner, tag) {
      return { id: await o.target(c, owner, tag), tag, owner, facts: {} };
    },
    ownerDetail: (t) => get(`${o.base}/detail?id=${t.id}`, `${o.op}Detail`),
    cells: [
      { kind: 'list', name: 'list', req: () => get(`${o.base}/list`, `${o.op}List`), status: 401 },
      {
        kind: 'detail',
        name: 'detail',
        req: (t) => get(`${o.base}/detail?id=${t.id}`, `${o.op}Detail`),
        status: 401,
      },
      {
        kind: 'write',
        name: 'update',
        req: (t) => post(`${o.base}/${o.update.path}`, o.update.op, { ...o.body(t), id: t.id }),
        expect: 'denied',
      },
      {
        kind: 'write',
        name: 'remove',
        req: (t) => post(`${o.base}/remove?ids=${t.id}`, `${o.op}Remove`),
        expect: 'denied',
      },
    ],
  };
}

MODULES.push(
  platformModule({
    name: 'tenant',
    table: 'smart_tenant',
    base: `${SYS}/tenant`,
    op: 'tenant',
    update: { path: 'submit', op: 'tenantSubmit' },
    target: async () => String(SEED_IDS.tenantAdmin),
    body: () => ({ tenantName: 'hacked', linkman: 'hacked' }),
  }),
  platformModule({
    name: 'tenant-package',
    table: 'smart_tenant_package',
    base: `${SYS}/tenant-package`,
    op: 'tenantPackage',
    update: { path: 'update', op: 'tenantPackageUpdate' },
    async target(c, owner, tag) {
      const packageName = `pkg${tag}`;
      await ok(
        c,
        owner,
        post(`${SYS}/tenant-package/save`, 'tenantPackageSave', {
          packageName,
          menuId: String(SEED_IDS.menuParam),
        }),
      );
      return idFrom(
        c,
        owner,
        get(`${SYS}/tenant-package/list?packageName=${packageName}`, 'tenantPackageList'),
        (r) => r.packageName === packageName,
      );
    },
    body: () => ({ packageName: 'hacked', menuId: String(SEED_IDS.menuSystem) }),
  }),
  platformModule({
    name: 'client',
    table: 'smart_client',
    base: `${SYS}/client`,
    op: 'client',
    update: { path: 'submit', op: 'clientSubmit' },
    target: async () => String(SEED_IDS.clientSword),
    body: () => ({
      clientId: 'sword',
      clientSecret: 'hacked',
      scope: 'all',
      authorizedGrantTypes: 'password',
      accessTokenValidity: 60,
      refreshTokenValidity: 60,
    }),
  }),
);

const cellsOf = (m: Module, dir: Direction): Cell[] =>
  dir === 'forward' ? m.cells : m.reverse ? m.cells.filter((c) => !c.forwardOnly) : [];
const FORWARD = MODULES.reduce((n, m) => n + cellsOf(m, 'forward').length, 0);
const REVERSE = MODULES.reduce((n, m) => n + cellsOf(m, 'reverse').length, 0);
const TITLE = `${MODULES.length} modules, ${FORWARD + REVERSE} cells (${FORWARD} as 100001 against 000000, ${REVERSE} as 000000 against 100001)`;

const jsonOf = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));

describe.each(backends)(`cross-tenant isolation matrix on %s: ${TITLE}`, (kind) => {
  let s: TestServer;
  const actors: Record<string, Actor> = {};
  const ctx: Ctx = {
    get s() {
      return s;
    },
    async send(req, token) {
      const res = await s.app.inject({
        method: req.method,
        url: req.url,
        headers: authHeaders(token),
        ...(req.body ? { payload: req.body } : {}),
      });
      const body = expectContract<Env>(res, req.op);
      return { status: res.statusCode, body, raw: res.body };
    },
    rows: (q) => execRows(s.handle.db, q),
  };

  beforeAll(async () => {
    s = await startTestServer(kind);
    actors['000000'] = { tenant: '000000', token: (await login(s.app, '000000')).access_token };
    actors['100001'] = { tenant: '100001', token: (await login(s.app, '100001')).access_token };
  });
  afterAll(async () => {
    await s?.close();
  });

  describe.each(['forward', 'reverse'] as const)('%s', (dir) => {
    const ownerOf = () => actors[dir === 'forward' ? '000000' : '100001']!;
    const attackerOf = () => actors[dir === 'forward' ? '100001' : '000000']!;

    for (const [index, m] of MODULES.entries()) {
      const cells = cellsOf(m, dir);
      if (cells.length === 0) continue;
      describe(`${m.name} (${cells.length} cells)`, () => {
        let target: Target;
        beforeAll(async () => {
          // short and unique per module and direction: fits every code column
          target = await m.create(ctx, ownerOf(), `${dir === 'forward' ? 'f' : 'r'}${index}x${kind[0]}`);
        });

        /** The row as the database and the owner see it. */
        const state = async () => {
          const queries = [sql`select * from ${sql.raw(m.table)} where id = ${BigInt(target.id)}`];
          queries.push(...(m.related?.(target, attackerOf()) ?? []));
          const db = await Promise.all(queries.map((q) => ctx.rows(q)));
          expect(db[0], 'the row exists').toHaveLength(1);
          let api: unknown;
          if (m.ownerDetail) {
            const res = await ctx.send(m.ownerDetail(target), target.owner.token);
            expect(res.status, res.raw).toBe(200);
            api = res.body.data;
          }
          return jsonOf({ db, api });
        };

        for (const cell of cells) {
          it(`${cell.kind} · ${cell.name}`, async () => {
            const attacker = attackerOf();
            if (cell.kind === 'list') {
              if (m.name.startsWith('log-')) await s.app.logWriter.flush();
              const expected = cell.total ? (await ctx.rows(cell.total(attacker)))[0]!.n : undefined;
              const res = await ctx.send(cell.req(target, attacker), attacker.token);
              expect(res.status, res.raw).toBe(cell.status ?? 200);
              expect(res.raw).not.toContain(target.id);
              if (cell.status === undefined) {
                expect(res.body.success).toBe(true);
                if (expected !== undefined) expect(pageOf(res.body.data).total).toBe(expected);
                cell.check?.(res.body.data, target);
              } else {
                expect(res.body).toMatchObject({ code: 401, success: false, msg: NO_PERMISSION_MSG });
              }
            } else if (cell.kind === 'detail') {
              const res = await ctx.send(cell.req(target), attacker.token);
              expect(res.raw).not.toContain(target.id);
              if (cell.status === 401) {
                expect(res.status).toBe(401);
                expect(res.body).toMatchObject({ code: 401, success: false, msg: NO_PERMISSION_MSG });
              } else {
                expect(res.status, res.raw).toBe(400);
                expect(res.body).toEqual({ code: 400, success: false, msg: NOT_FOUND_MSG, data: null });
              }
            } else {
              const before = await state();
              const res = await ctx.send(cell.req(target, attacker), attacker.token);
              if (cell.expect === 'not-found') {
                expect(res.status, res.raw).toBe(400);
                expect(res.body).toEqual({ code: 400, success: false, msg: NOT_FOUND_MSG, data: null });
              } else {
                expect(res.status, res.raw).toBe(401);
                expect(res.body).toMatchObject({ code: 401, success: false, msg: NO_PERMISSION_MSG });
              }
              expect(res.raw).not.toContain(target.id);
              expect(await state(), 'the owner’s row is unchanged').toBe(before);
            }
          });
        }
      });
    }
  });

  /**
   * After the matrix (rows and users of both tenants exist): no response of the user, auth and tenant modules
   * carries a stored password hash, and list and detail responses of oss, sms and client configs carry only the mask.
   */
  describe('responses never carry a password hash or a stored secret', () => {
    const inject = async (
      method: 'GET' | 'POST',
      url: string,
      op: string,
      headers: Record<string, string>,
      payload?: object,
    ) => {
      const res = await s.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${op}: ${res.body}`).toBe(200);
      expectContract(res, op);
      return { op, raw: res.body, json: res.json() as unknown };
    };
    const call = (actor: Actor, method: 'GET' | 'POST', url: string, op: string) =>
      inject(method, url, op, authHeaders(actor.token));
    const token = (tenant: string, params: Record<string, string>) =>
      inject('POST', tokenUrl({ scope: 'all', ...params }), 'oauthToken', {
        authorization: BASIC,
        'tenant-id': tenant,
      });

    /** Every string value of a body, with its path; and every key named like a password with a value. */
    const walk = (v: unknown, path: string, strings: [string, string][], keys: string[]) => {
      if (typeof v === 'string') strings.push([path, v]);
      else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`, strings, keys));
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if (/^password(hash)?$/i.test(k) && x !== null && x !== undefined && x !== '')
            keys.push(`${path}.${k}`);
          walk(x, `${path}.${k}`, strings, keys);
        }
      }
    };

    it('user, auth and tenant responses: no stored hash anywhere, no password key with a value', async () => {
      const a = actors['000000']!;
      const b = actors['100001']!;
      // a self-registered (pending) account and a new tenant with its admin: more hashes to look for
      const reg = await inject(
        'POST',
        `${USER}/register`,
        'userRegister',
        { authorization: BASIC },
        {
          tenantId: '100001',
          account: 'walker',
          password: 'pw12345',
          password2: 'pw12345',
          name: '走查',
        },
      );
      const bodies = [reg];
      bodies.push(
        await inject('POST', `${SYS}/tenant/submit`, 'tenantSubmit', authHeaders(a.token), {
          tenantName: '走查租户',
          linkman: 'x',
        }),
      );
      const tenants = (await call(a, 'GET', `${SYS}/tenant/list?size=1000`, 'tenantList')).json as {
        data: { records: { id: string; tenantId: string }[] };
      };
      const fresh = tenants.data.records.find((r) => !['000000', '100001'].includes(r.tenantId))!;
      expect(fresh).toBeDefined();

      const hashes = (await ctx.rows(sql`select password from smart_user`)).map((r) => String(r.password));
      expect(hashes.length).toBeGreaterThan(5);
      expect(hashes.every((h) => h.length >= 40)).toBe(true);

      // tokens: password grants of the three tenants, a refresh, user-info
      for (const [tenant, username, password] of [
        ['000000', 'admin', ADMIN_MD5],
        ['100001', 'admin', ADMIN_MD5],
        [fresh.tenantId, 'admin', ADMIN_MD5],
      ] as const) {
        const t = await token(tenant, { grant_type: 'password', username, password, tenantId: tenant });
        bodies.push(t);
        const refresh = (t.json as { refresh_token: string }).refresh_token;
        bodies.push(await token(tenant, { grant_type: 'refresh_token', refresh_token: refresh }));
        const access = (t.json as { access_token: string }).access_token;
        bodies.push(
          await call({ tenant, token: access }, 'GET', '/api/smart-auth/oauth/user-info', 'oauthUserInfo'),
        );
      }
      // the user module, as each tenant's administrator: pages, every detail and platform detail, info
      for (const actor of [a, b]) {
        const page = await call(actor, 'GET', `${USER}/page?size=1000`, 'userPage');
        bodies.push(page, await call(actor, 'GET', `${USER}/info`, 'userInfo'));
        const users = (page.json as { data: { records: { id: string }[] } }).data.records;
        expect(users.length).toBeGreaterThan(1);
        for (const u of users) {
          bodies.push(await call(actor, 'GET', `${USER}/detail?id=${u.id}`, 'userDetail'));
          bodies.push(await call(actor, 'GET', `${USER}/platform-detail?id=${u.id}`, 'userPlatformDetail'));
          bodies.push(await call(actor, 'GET', `${SYS}/role/select?userId=${u.id}`, 'roleSelect'));
        }
      }
      bodies.push(await call(a, 'GET', `${USER}/page?size=1000&tenantId=100001`, 'userPage'));
      bodies.push(await call(a, 'GET', `${USER}/page?size=1000&tenantId=${fresh.tenantId}`, 'userPage'));
      // the tenant module
      bodies.push(await call(a, 'GET', `${SYS}/tenant/list?size=1000`, 'tenantList'));
      bodies.push(await call(a, 'GET', `${SYS}/tenant/select`, 'tenantSelect'));
      for (const t of tenants.data.records)
        bodies.push(await call(a, 'GET', `${SYS}/tenant/detail?id=${t.id}`, 'tenantDetail'));

      for (const body of bodies) {
        const strings: [string, string][] = [];
        const keys: string[] = [];
        walk(body.json, '$', strings, keys);
        expect(keys, `${body.op}: password keys with a value`).toEqual([]);
        for (const h of hashes) {
          expect(body.raw.includes(h), `${body.op} carries a stored hash`).toBe(false);
          const hit = strings.find(([, v]) => v === h || v.includes(h));
          expect(hit, `${body.op} ${hit?.[0]}`).toBeUndefined();
        }
      }
    });

    // resource.test.ts and tenant.test.ts check the mask field by field on single rows; this checks whole bodies
    // of every list and detail, in both tenants, against every stored secret
    it('oss, sms and client lists and details carry the mask, never a stored secret', async () => {
      for (const actor of [actors['000000']!, actors['100001']!]) {
        const n = actor.tenant;
        await ok(
          ctx,
          actor,
          post(`${RES}/oss/submit`, 'ossSubmit', {
            category: 3,
            ossCode: `walk${n}`,
            endpoint: 'https://oss.example.cn',
            accessKey: 'ak',
            secretKey: `oss-walk-secret-${n}`,
            bucketName: 'b',
          }),
        );
        await ok(
          ctx,
          actor,
          post(`${RES}/sms/submit`, 'smsSubmit', {
            category: 3,
            smsCode: `walk${n}`,
            templateId: 'T',
            accessKey: 'ak',
            secretKey: `sms-walk-secret-${n}`,
          }),
        );
      }
      const secrets = (
        await ctx.rows(
          sql`select secret_key as s from smart_oss union all select secret_key from smart_sms
              union all select client_secret from smart_client`,
        )
      )
        .map((r) => String(r.s))
        // the built-in configs' placeholder secrets ('local', 'log') are also their endpoint and access key
        .filter((x) => x.length >= 8);
      expect(secrets).toEqual(
        expect.arrayContaining(['oss-walk-secret-100001', 'sms-walk-secret-000000', 'saber_secret']),
      );
      const seen: { op: string; raw: string }[] = [];
      const masked = async (actor: Actor, base: string, op: string, field: string) => {
        const list = await ctx.send(get(`${base}/list?size=1000`, `${op}List`), actor.token);
        expect(list.status).toBe(200);
        const records = pageOf(list.body.data).records;
        expect(records.length).toBeGreaterThan(0);
        seen.push({ op: `${op}List`, raw: list.raw });
        for (const r of records) {
          expect(r[field], `${op}List ${field}`).toBe('******');
          const d = await ctx.send(get(`${base}/detail?id=${String(r.id)}`, `${op}Detail`), actor.token);
          expect(d.status).toBe(200);
          expect((d.body.data as Json)[field], `${op}Detail ${field}`).toBe('******');
          seen.push({ op: `${op}Detail`, raw: d.raw });
        }
      };
      for (const actor of [actors['000000']!, actors['100001']!]) {
        await masked(actor, `${RES}/oss`, 'oss', 'secretKey');
        await masked(actor, `${RES}/sms`, 'sms', 'secretKey');
      }
      await masked(actors['000000']!, `${SYS}/client`, 'client', 'clientSecret');
      for (const { op, raw } of seen)
        for (const secret of secrets) expect(raw.includes(secret), `${op} carries ${secret}`).toBe(false);
    });
  });
});
