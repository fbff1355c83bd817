// Datasources beyond the conformance suite (src/crud/conformance.test.ts): the write-only password, the platform
// administrator's exclusive access, and `test` against real servers (PostgreSQL of TEST_DATABASE_URL, the
// machine's MariaDB), refused and silent ports; a failure is `ok: false` without the password, never an error.
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasource } from '../../db/schema';
import { SECRET_MASK } from '../../kernel/secret';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../test/harness';
import { NO_PERMISSION_MSG } from '../../crud/index';
import { mariadbTarget, postgresTarget, probeMariadb, type JdbcTarget } from './test-targets';

type Json = Record<string, unknown>;
interface TestResult {
  ok: boolean;
  version: string;
  message: string;
}

const D = '/api/smart-develop/datasource';
const PG = postgresTarget();
const NO_PG = PG ? '' : ' (skipped: TEST_DATABASE_URL is not set)';
const maria = await probeMariadb();
const NO_MARIA = maria.ok ? '' : ` (skipped: ${maria.reason})`;

describe.each(backends)('datasources on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let other: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app)).access_token;
    other = (await login(s.app, '100001')).access_token;
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const submit = (body: Json, token = admin) => call('POST', `${D}/submit`, 'datasourceSubmit', token, body);
  const test = (body: Json, token = admin) =>
    call<TestResult>('POST', `${D}/test`, 'datasourceTest', token, body);
  const byName = async (name: string) => {
    const page = await call<{ records: Json[] }>('GET', `${D}/list?name=${name}`, 'datasourceList', admin);
    return page.body.data.records[0]!;
  };
  const stored = async (id: string) =>
    (
      await s.handle.db
        .select()
        .from(datasource)
        .where(eq(datasource.id, BigInt(id)))
    )[0]!;
  const create = async (name: string, t: JdbcTarget) => {
    expect((await submit({ name, ...t, remark: '' })).status).toBe(200);
    return String((await byName(name)).id);
  };

  it('keeps the password write-only: masked in every answer, kept by the mask, replaced by a value', async () => {
    const id = await create('ds-secret', { ...mariadbTarget('first-Secret'), username: 'u1' });
    expect((await byName('ds-secret')).password).toBe(SECRET_MASK);
    const detail = await call<Json>('GET', `${D}/detail?id=${id}`, 'datasourceDetail', admin);
    expect(detail.body.data.password).toBe(SECRET_MASK);
    const select = await call<Json[]>('GET', `${D}/select`, 'datasourceSelect', admin);
    expect(select.body.data.find((r) => r.id === id)?.password).toBe(SECRET_MASK);
    expect(JSON.stringify([detail.body, select.body])).not.toContain('first-Secret');

    await submit({ id, name: 'ds-secret', ...mariadbTarget(SECRET_MASK), username: 'u2' });
    expect(await stored(id)).toMatchObject({ username: 'u2', password: 'first-Secret' });
    await submit({ id, name: 'ds-secret', ...mariadbTarget('second-Secret'), username: 'u2' });
    expect((await stored(id)).password).toBe('second-Secret');
    // a new datasource needs a real password, and names are unique
    const masked = await submit({ name: 'ds-masked', ...mariadbTarget(SECRET_MASK) });
    expect(masked.body).toMatchObject({ code: 400, msg: '请输入密码' });
    const twice = await submit({ name: 'ds-secret', ...mariadbTarget('x') });
    expect(twice.body).toMatchObject({ code: 400, msg: '数据源名称已存在' });
  });

  it("is the platform administrator's only: another tenant is refused, reads and tests included", async () => {
    const denied = { code: 401, success: false, msg: NO_PERMISSION_MSG, data: null };
    expect((await call('GET', `${D}/select`, 'datasourceSelect', other)).body).toEqual(denied);
    const tried = await test({ ...mariadbTarget('x'), url: 'jdbc:mysql://127.0.0.1:1/x' }, other);
    expect(tried).toEqual({ status: 401, body: denied });
  });

  it('answers ok=false with a clear reason for an unsupported driver, a bad URL or a mismatch', async () => {
    const cases: [Json, RegExp][] = [
      [{ driverClass: 'oracle.jdbc.OracleDriver', url: 'jdbc:oracle:thin:@h:1521:x' }, /不支持的驱动类/],
      [{ driverClass: 'org.postgresql.Driver', url: 'postgres://h/x' }, /连接地址格式错误/],
      [
        { driverClass: 'org.postgresql.Driver', url: 'jdbc:mysql://127.0.0.1/x' },
        /与连接地址 jdbc:mysql 不符/,
      ],
    ];
    for (const [body, reason] of cases) {
      const res = await test({ username: 'u', password: 'pw', ...body });
      expect(res.status).toBe(200);
      expect(res.body.data.ok).toBe(false);
      expect(res.body.data.message).toMatch(reason);
    }
  });

  it('answers a refused connection as ok=false with the driver message and no password', async () => {
    for (const t of [mariadbTarget('Refused-Pw'), { ...PG_SHAPE, password: 'Refused-Pw' }]) {
      const res = await test({ ...t, url: t.url.replace(/\/\/[^/]+/, '//127.0.0.1:1') });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ ok: false, version: '' });
      expect(res.body.data.message).toMatch(/^连接失败: .*ECONNREFUSED/);
      expect(res.body.data.message).not.toContain('Refused-Pw');
    }
  });

  it('gives up on a server that never answers after 5 seconds', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const started = Date.now();
      const res = await test({ ...PG_SHAPE, url: `jdbc:postgresql://127.0.0.1:${port}/x` });
      expect(res.body.data.ok).toBe(false);
      expect(res.body.data.message).toMatch(/超时|timeout/i);
      expect(Date.now() - started).toBeLessThan(7000);
    } finally {
      silent.close();
    }
  }, 15_000);

  it.skipIf(!PG)(`connects to PostgreSQL and answers its version${NO_PG}`, async () => {
    const res = await test({ ...PG! });
    expect(res.body.data).toMatchObject({ ok: true, message: '连接成功' });
    expect(res.body.data.version).toMatch(/^PostgreSQL \d+/);
  });

  it.skipIf(!PG)(
    `uses the stored password for the mask with an id, and removes it from the message${NO_PG}`,
    async () => {
      const pg = PG!;
      // PostgreSQL names the unknown role in its message: a user name holding the password shows it is removed
      const secret = 'Stored-Pw-42';
      const id = await create('ds-stored', { ...pg, username: `nobody_${secret}`, password: secret });
      const res = await test({ id, ...pg, username: `nobody_${secret}`, password: SECRET_MASK });
      expect(res.body.data.ok).toBe(false);
      expect(res.body.data.message).toContain('nobody_******');
      expect(res.body.data.message).not.toContain(secret);
      // the mask without an id, or of an unknown datasource, is refused
      expect((await test({ ...pg, password: SECRET_MASK })).body).toMatchObject({
        code: 400,
        msg: '请输入密码',
      });
      const unknown = await test({ id: '1', ...pg, password: SECRET_MASK });
      expect(unknown.body).toMatchObject({ code: 400, msg: '数据源不存在' });
      // the mask never takes the stored password to another server or user
      const elsewhere = await test({
        id,
        ...pg,
        url: 'jdbc:postgresql://127.0.0.2:5432/other',
        username: `nobody_${secret}`,
        password: SECRET_MASK,
      });
      expect(elsewhere.body).toMatchObject({ code: 400, msg: '地址或用户名已修改，请重新输入密码' });
      const otherUser = await test({ id, ...pg, username: 'someone', password: SECRET_MASK });
      expect(otherUser.body).toMatchObject({ code: 400, msg: '地址或用户名已修改，请重新输入密码' });
    },
  );

  it.skipIf(!maria.ok)(`connects to MariaDB and answers its version${NO_MARIA}`, async () => {
    const res = await test({ ...mariadbTarget() });
    expect(res.body.data).toMatchObject({ ok: true, message: '连接成功' });
    expect(res.body.data.version).toMatch(/MariaDB|^\d+\.\d+/);
  });

  it.skipIf(!maria.ok)(
    `answers a wrong MariaDB password as ok=false without the password${NO_MARIA}`,
    async () => {
      const res = await test({ ...mariadbTarget('Wrong-Pw-7'), username: 'root' });
      expect(res.body.data.ok).toBe(false);
      expect(res.body.data.message).toMatch(/Access denied/);
      expect(res.body.data.message).not.toContain('Wrong-Pw-7');
    },
  );
});

/** A PostgreSQL datasource body for the tests that need no real server. */
const PG_SHAPE = {
  driverClass: 'org.postgresql.Driver',
  url: 'jdbc:postgresql://127.0.0.1:5432/test',
  username: 'postgres',
  password: 'pw',
};
