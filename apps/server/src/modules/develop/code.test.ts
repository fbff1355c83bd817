// Code generator configs beyond the conformance suite (src/crud/conformance.test.ts): copy, and the generator over
// real tables (a sample table in the PostgreSQL of TEST_DATABASE_URL, and in the machine's MariaDB, read directly):
// preview, download (the same files zipped), gen-code (their count), and the 400s that say what is wrong.
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  backends,
  authHeaders,
  contractCall,
  login,
  startTestServer,
  type TestServer,
} from '../../test/harness';
import { readTable } from './columns';
import { withConnection } from './connect';
import { generateFiles } from './generate';
import {
  createMariadbSample,
  createPostgresSample,
  mariadbTarget,
  postgresTarget,
  probeMariadb,
  sampleName,
  type JdbcTarget,
} from './test-targets';

type Json = Record<string, unknown>;
interface CodeFile {
  path: string;
  content: string;
}

const C = '/api/smart-develop/code';
const D = '/api/smart-develop/datasource';
const PG = postgresTarget();
const NO_PG = PG ? '' : ' (skipped: TEST_DATABASE_URL is not set)';
const maria = await probeMariadb();
const NO_MARIA = maria.ok ? '' : ` (skipped: ${maria.reason})`;

const CONFIG = {
  serviceName: 'smart-demo',
  codeName: '示例文章',
  tablePrefix: 'smart_',
  pkName: 'id',
  packageName: 'org.springblade.desk',
  baseMode: 1,
  wrapMode: 1,
  apiPath: '',
  webPath: '',
};

describe.each(backends)('code generator on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  const sample = sampleName();
  let dropSample: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app)).access_token;
    if (PG) dropSample = await createPostgresSample(sample);
  }, 60_000);
  afterAll(async () => {
    await dropSample?.();
    await s?.close();
  });

  const call = contractCall(() => s);
  let seq = 0;
  /** A datasource and a config of `tableName` on it; the config's id. */
  async function config(target: JdbcTarget, tableName: string): Promise<string> {
    const name = `ds-${kind}-${seq++}`;
    await call('POST', `${D}/submit`, 'datasourceSubmit', admin, {
      name,
      ...target,
      password: target.password || 'x',
    });
    const ds = await call<{ records: Json[] }>('GET', `${D}/list?name=${name}`, 'datasourceList', admin);
    const codeName = `${CONFIG.codeName}${seq++}`;
    const body = { ...CONFIG, codeName, tableName, datasourceId: ds.body.data.records[0]!.id };
    expect((await call('POST', `${C}/submit`, 'codeSubmit', admin, body)).status).toBe(200);
    const list = await call<{ records: Json[] }>('GET', `${C}/list?codeName=${codeName}`, 'codeList', admin);
    return String(list.body.data.records[0]!.id);
  }
  const preview = (id: string) => call<CodeFile[]>('GET', `${C}/preview?id=${id}`, 'codePreview', admin);
  const download = (ids: string) =>
    s.app.inject({ method: 'GET', url: `${C}/download?ids=${ids}`, headers: authHeaders(admin) });

  it('copies a config with a -copy module name', async () => {
    const id = await config({ ...mariadbTarget('x') }, 'whatever');
    const original = (await call<Json>('GET', `${C}/detail?id=${id}`, 'codeDetail', admin)).body.data;
    expect((await call('POST', `${C}/copy?id=${id}`, 'codeCopy', admin)).status).toBe(200);
    const list = await call<{ records: Json[] }>(
      'GET',
      `${C}/list?codeName=${original.codeName}-copy`,
      'codeList',
      admin,
    );
    const { id: copyId, codeName, ...rest } = list.body.data.records[0]!;
    const { id: _id, codeName: name, ...same } = original;
    expect(copyId).not.toBe(id);
    expect(codeName).toBe(`${String(name)}-copy`);
    expect(rest).toEqual(same);
    const unknown = await call('POST', `${C}/copy?id=1`, 'codeCopy', admin);
    expect(unknown.body).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  it('refuses to generate, with a 400 that says why: no config, no datasource, no connection', async () => {
    const none = await call('POST', `${C}/gen-code?ids=1`, 'codeGenCode', admin);
    expect(none.body).toMatchObject({ code: 400, msg: '代码生成配置不存在' });
    expect((await download('1')).statusCode).toBe(400);

    const orphan = { ...CONFIG, codeName: '孤儿', tableName: 't', datasourceId: '1' };
    await call('POST', `${C}/submit`, 'codeSubmit', admin, orphan);
    const o = await call<{ records: Json[] }>('GET', `${C}/list?codeName=孤儿`, 'codeList', admin);
    const res = await preview(String(o.body.data.records[0]!.id));
    expect(res.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^数据源不存在/) });

    const refused = await config({ ...mariadbTarget('Gen-Pw'), url: 'jdbc:mysql://127.0.0.1:1/x' }, 't');
    const r = await preview(refused);
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/^数据源「.+」连接失败: .*ECONNREFUSED/);
    expect(r.body.msg).not.toContain('Gen-Pw');
  });

  it.skipIf(!PG)(
    `previews the files of a PostgreSQL table, zips the same and counts them${NO_PG}`,
    async () => {
      const id = await config(PG!, sample);
      const res = await preview(id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const files = new Map(res.body.data.map((f) => [f.path, f.content]));
      const entity = sample.replace(/^smart_/, '');
      const schema = parse(files.get(`openapi/schemas/${entity}.yaml`)!);
      const pascal = entity.replace(/(^|_)([a-z0-9])/g, (_m, _u, c: string) => c.toUpperCase());
      const props = schema[`${pascal}Fields`].properties;
      expect(props.title).toMatchObject({
        maxLength: 80,
        'x-label': { zh: '标题' },
        'x-rule': { zh: '请输入标题' },
      });
      expect(props.publishedAt['x-label'].zh).toBe('发布时间');
      expect(props.hits['x-rule']).toBeUndefined(); // NOT NULL with a default: optional
      expect(schema[`${pascal}Submit`].allOf[0].required).toEqual(['title']);
      const table = files.get(`apps/server/src/db/schema-${entity.replace(/_/g, '-')}.ts`)!;
      expect(table).toContain("title: varchar('title', { length: 80 }).notNull(),");
      expect(table).toContain("authorId: bigint('author_id', { mode: 'bigint' }),");

      const zip = await download(id);
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      expect(zip.headers['content-disposition']).toBe('attachment; filename="smart-code.zip"');
      const unzipped = unzipSync(new Uint8Array(zip.rawPayload));
      expect(Object.fromEntries(Object.entries(unzipped).map(([p, b]) => [p, strFromU8(b)]))).toEqual(
        Object.fromEntries(files),
      );

      const gen = await call<Json>('POST', `${C}/gen-code?ids=${id}&system=saber`, 'codeGenCode', admin);
      expect(gen.body).toMatchObject({
        code: 200,
        msg: '代码生成成功',
        data: { configs: 1, files: files.size },
      });
    },
  );

  it.skipIf(!PG)(`refuses an unknown table and two configs of one entity${NO_PG}`, async () => {
    const missing = await config(PG!, 'no_such_table_here');
    const res = await preview(missing);
    expect(res.body).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/中不存在表 no_such_table_here$/),
    });
    const a = await config(PG!, sample);
    const b = await config(PG!, sample);
    const both = await call('POST', `${C}/gen-code?ids=${a},${b}`, 'codeGenCode', admin);
    expect(both.body).toMatchObject({ code: 400, msg: expect.stringMatching(/生成同一文件/) });
  });
});

describe('reading a MariaDB table', () => {
  it.skipIf(!maria.ok)(`reads columns, comments and keys from information_schema${NO_MARIA}`, async () => {
    const name = sampleName();
    const drop = await createMariadbSample(name);
    try {
      const table = await withConnection(mariadbTarget(), (c) => readTable(c, name));
      expect(table?.comment).toBe('Sample articles');
      const cols = Object.fromEntries(table!.columns.map((c) => [c.name, c]));
      expect(cols.id).toMatchObject({ kind: 'bigint', primary: true, hasDefault: true });
      expect(cols.title).toMatchObject({
        kind: 'string',
        maxLength: 80,
        notNull: true,
        hasDefault: false,
        comment: '标题',
      });
      expect(cols.body).toMatchObject({ kind: 'text', notNull: false });
      expect(cols.hits).toMatchObject({ kind: 'integer', notNull: true, hasDefault: true });
      expect(cols.pinned?.kind).toBe('boolean');
      expect(cols.price).toMatchObject({ kind: 'decimal', precision: 10, scale: 2, hasDefault: false });
      expect(cols.published_at).toMatchObject({ kind: 'datetime', comment: '发布时间' });
      const files = generateFiles({ ...CONFIG, tableName: name }, table!);
      const schema = parse(files.find((f) => f.path.startsWith('openapi/schemas/'))!.content);
      const fields = Object.values(schema)[0] as { properties: Record<string, Json> };
      expect(fields.properties.title!['x-label']).toEqual({ zh: '标题', en: 'Title' });
      expect(
        await withConnection(mariadbTarget(), (c) => readTable(c, 'no_such_table_here')),
      ).toBeUndefined();
    } finally {
      await drop();
    }
  });
});
