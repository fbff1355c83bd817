import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execRows } from './db/index';
import { smsMessage } from './db/schema';
import { sign } from './storage/sigv4';
import { expectContract } from './test/contract';
import { authHeaders, backends, login, startTestServer, type Env, type TestServer } from './test/harness';

type Obj = Record<string, unknown> & { id: string };
interface Page<T> {
  records: T[];
  total: number;
}

const RES = '/api/smart-resource';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000dIHDR-not-a-real-image'),
]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

function multipart(parts: Part[]) {
  const boundary = `----smart${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.filename !== undefined ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/* ------------------------------------------------------------ fake S3 */

interface FakeS3 {
  server: Server;
  url: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  secrets: Map<string, string>;
  rejected: string[];
}

const hex = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');
const hm = (k: Buffer | string, d: string) => createHmac('sha256', k).update(d).digest();

/** Verifies a SigV4 header signature independently of src/storage/sigv4.ts (path-style, no query). */
function verifySigV4(req: IncomingMessage, body: Buffer, secrets: Map<string, string>): string | undefined {
  const auth = req.headers.authorization ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return 'malformed authorization';
  const [, ak, day, region, signed, signature] = m as unknown as string[];
  const secret = secrets.get(ak!);
  if (!secret) return 'unknown access key';
  const payloadHash = req.headers['x-amz-content-sha256'];
  if (payloadHash !== hex(body)) return 'payload hash mismatch';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (amzDate.slice(0, 8) !== day) return 'date mismatch';
  const names = signed!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'host/date not signed';
  const canonical = [
    req.method,
    (req.url ?? '').split('?')[0],
    '',
    names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}\n`).join(''),
    signed,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const sts = ['AWS4-HMAC-SHA256', amzDate, scope, hex(canonical)].join('\n');
  const key = hm(hm(hm(hm(`AWS4${secret}`, day!), region!), 's3'), 'aws4_request');
  const expected = createHmac('sha256', key).update(sts).digest('hex');
  return expected === signature ? undefined : 'signature mismatch';
}

async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const secrets = new Map<string, string>();
  const rejected: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const problem = verifySigV4(req, body, secrets);
      if (problem) {
        rejected.push(problem);
        res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error>SignatureDoesNotMatch</Error>');
        return;
      }
      const key = decodeURIComponent((req.url ?? '').split('?')[0]!);
      if (req.method === 'PUT') {
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? '') });
        res.writeHead(200, { etag: `"${hex(body).slice(0, 32)}"` }).end();
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, objects, secrets, rejected };
}

describe('SigV4 signing', () => {
  it('matches the AWS documentation example (GET object)', () => {
    const { authorization } = sign({
      method: 'GET',
      path: '/test.txt',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      accessKey: 'AKIAIOSFODNN7EXAMPLE',
      secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      service: 's3',
      amzDate: '20130524T000000Z',
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe.each(backends)('resource modules on %s', (kind) => {
  let s: TestServer;
  let tokenA: string; // administrator of 000000
  let tokenB: string; // admin of 100001
  let uploadDir: string;
  let s3: FakeS3;
  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(os.tmpdir(), 'smart-res-test-'));
    s = await startTestServer(kind, { uploadDir, uploadMaxBytes: 2 * 1024 * 1024 });
    tokenA = (await login(s.app, '000000')).access_token;
    tokenB = (await login(s.app, '100001')).access_token;
    s3 = await startFakeS3();
  });
  afterAll(async () => {
    await s?.close();
    await new Promise((r) => s3?.server.close(r));
    await rm(uploadDir, { recursive: true, force: true });
  });

  const call = async <T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    opts: { token?: string; payload?: object; op?: string } = {},
  ) => {
    const res = await s.app.inject({
      method,
      url,
      headers: authHeaders(opts.token ?? tokenA),
      ...(opts.payload ? { payload: opts.payload } : {}),
    });
    const body = opts.op ? expectContract<Env<T>>(res, opts.op) : (res.json() as Env<T>);
    return { status: res.statusCode, body, res };
  };

  const upload = async (parts: Part[], query = '', token = tokenA) => {
    const mp = multipart(parts);
    const res = await s.app.inject({
      method: 'POST',
      url: `${RES}/oss/endpoint/put-file${query}`,
      headers: { ...authHeaders(token), 'content-type': mp.contentType },
      payload: mp.payload,
    });
    return { status: res.statusCode, body: expectContract<Env<Record<string, string>>>(res, 'ossPutFile') };
  };

  /** The id of the one row a filtered list finds (submit answers no data). */
  const findId = async (listUrl: string, token = tokenA) => {
    const r = await call<Page<Obj>>('GET', listUrl, { token });
    expect(r.body.data.records, listUrl).toHaveLength(1);
    return r.body.data.records[0]!.id;
  };

  const activeCount = async (table: 'smart_oss' | 'smart_sms', tenant: string) => {
    const rows = await execRows(
      s.handle.db,
      sql`select count(*)::int as n from ${sql.raw(table)} where tenant_id = ${tenant} and status = 2 and is_deleted = 0`,
    );
    return Number(rows[0]!.n);
  };

  /* ------------------------------------------------------------------ oss */

  describe('oss configs', () => {
    it('lists the seeded local config, active, with the secret masked', async () => {
      const { status, body } = await call<Page<Obj>>('GET', `${RES}/oss/list`, { op: 'ossList' });
      expect(status).toBe(200);
      const local = body.data.records.find((r) => r.ossCode === 'local');
      expect(local).toMatchObject({ endpoint: 'local', status: 2, statusName: '是', secretKey: '******' });
      expect(body.data.records.every((r) => r.tenantId === '000000')).toBe(true);
    });

    it('create → detail → update (mask keeps the secret) → enable → remove', async () => {
      const created = await call<Obj>('POST', `${RES}/oss/submit`, {
        op: 'ossSubmit',
        payload: {
          category: 1,
          ossCode: 'minio-a',
          endpoint: 'http://127.0.0.1:9000',
          accessKey: 'ak-1',
          secretKey: 'super-secret-1',
          bucketName: 'smart',
        },
      });
      expect(created.status, created.res.body).toBe(200);
      expect(created.res.body).not.toContain('super-secret-1');
      const id = await findId(`${RES}/oss/list?ossCode=minio-a`);

      const detail = await call<Obj>('GET', `${RES}/oss/detail?id=${id}`, { op: 'ossDetail' });
      expect(detail.body.data).toMatchObject({
        ossCode: 'minio-a',
        secretKey: '******',
        appId: '',
        region: '',
        status: 1,
        statusName: '否',
        categoryName: 'minio',
      });

      // the mask keeps the stored secret; a new value replaces it
      const upd = await call<Obj>('POST', `${RES}/oss/submit`, {
        op: 'ossSubmit',
        payload: {
          id,
          category: 3,
          ossCode: 'minio-a',
          endpoint: 'https://oss.example.cn',
          accessKey: 'ak-2',
          secretKey: '******',
          bucketName: 'b2',
        },
      });
      expect(upd.status).toBe(200);
      const stored = async () =>
        (await execRows(s.handle.db, sql`select secret_key from smart_oss where id = ${BigInt(id)}`))[0]!
          .secret_key;
      expect(await stored()).toBe('super-secret-1');
      await call('POST', `${RES}/oss/submit`, {
        payload: {
          id,
          category: 3,
          ossCode: 'minio-a',
          endpoint: 'https://oss.example.cn',
          accessKey: 'ak-2',
          secretKey: 'new-secret',
          bucketName: 'b2',
        },
      });
      expect(await stored()).toBe('new-secret');

      // a new config cannot take the mask as its secret
      const masked = await call('POST', `${RES}/oss/submit`, {
        op: 'ossSubmit',
        payload: {
          category: 1,
          ossCode: 'm2',
          endpoint: 'local',
          accessKey: 'a',
          secretKey: '******',
          bucketName: 'b',
        },
      });
      expect(masked.status).toBe(400);

      const dup = await call('POST', `${RES}/oss/submit`, {
        op: 'ossSubmit',
        payload: {
          category: 1,
          ossCode: 'minio-a',
          endpoint: 'local',
          accessKey: 'a',
          secretKey: 's',
          bucketName: 'b',
        },
      });
      expect(dup.status).toBe(400);
      expect(dup.body.msg).toBe('当前资源编号已存在!');

      // an endpoint that is neither `local` nor http(s) is refused when an upload would use it
      await call('POST', `${RES}/oss/submit`, {
        op: 'ossSubmit',
        payload: {
          category: 1,
          ossCode: 'x1',
          endpoint: 'file:///etc',
          accessKey: 'a',
          secretKey: 's',
          bucketName: 'b',
        },
      });
      const x1 = await findId(`${RES}/oss/list?ossCode=x1`);
      await call('POST', `${RES}/oss/enable?id=${x1}`, { op: 'ossEnable' });
      const refused = await upload([{ name: 'file', filename: 'a.txt', data: 'a' }]);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain('对象存储地址无效');
      await call('POST', `${RES}/oss/remove?ids=${x1}`, { op: 'ossRemove' });

      const en = await call('POST', `${RES}/oss/enable?id=${id}`, { op: 'ossEnable' });
      expect(en.status).toBe(200);
      expect(await activeCount('smart_oss', '000000')).toBe(1);
      const list = await call<Page<Obj>>('GET', `${RES}/oss/list?ossCode=minio-a`, { op: 'ossList' });
      expect(list.body.data.records).toHaveLength(1);
      expect(list.body.data.records[0]).toMatchObject({ status: 2 });
      const local = await call<Page<Obj>>('GET', `${RES}/oss/list?ossCode=local`);
      expect(local.body.data.records[0]).toMatchObject({ status: 1 });

      // back to local for the upload tests
      await call('POST', `${RES}/oss/enable?id=${local.body.data.records[0]!.id}`, { op: 'ossEnable' });
      const rm1 = await call('POST', `${RES}/oss/remove?ids=${id}`, { op: 'ossRemove' });
      expect(rm1.status).toBe(200);
      const gone = await call('GET', `${RES}/oss/detail?id=${id}`, { op: 'ossDetail' });
      expect(gone.status).toBe(400);
      expect(gone.body.msg).toBe('数据不存在');
    });

    it('concurrent enables leave exactly one active config', async () => {
      const ids: string[] = [];
      for (const code of ['race-1', 'race-2', 'race-3']) {
        await call<Obj>('POST', `${RES}/oss/submit`, {
          payload: {
            category: 1,
            ossCode: code,
            endpoint: 'local',
            accessKey: 'a',
            secretKey: 's',
            bucketName: 'b',
          },
        });
        ids.push(await findId(`${RES}/oss/list?ossCode=${code}`));
      }
      for (let round = 0; round < 3; round++) {
        const results = await Promise.all(
          [...ids, ...ids].map((id) => call('POST', `${RES}/oss/enable?id=${id}`)),
        );
        expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
        expect(await activeCount('smart_oss', '000000')).toBe(1);
      }
      const local = await call<Page<Obj>>('GET', `${RES}/oss/list?ossCode=local`);
      await call('POST', `${RES}/oss/enable?id=${local.body.data.records[0]!.id}`);
      await call('POST', `${RES}/oss/remove?ids=${ids.join(',')}`);
      expect(await activeCount('smart_oss', '000000')).toBe(1);
    });

    it('keeps tenants apart', async () => {
      await call<Obj>('POST', `${RES}/oss/submit`, {
        payload: {
          category: 1,
          ossCode: 'tenant-a',
          endpoint: 'local',
          accessKey: 'a',
          secretKey: 's',
          bucketName: 'b',
        },
      });
      const id = await findId(`${RES}/oss/list?ossCode=tenant-a`);
      const other = { token: tokenB };
      const listB = await call<Page<Obj>>('GET', `${RES}/oss/list`, { ...other, op: 'ossList' });
      expect(listB.body.data.records.some((r) => r.id === id)).toBe(false);
      expect(listB.body.data.records.every((r) => r.tenantId === '100001')).toBe(true);
      expect((await call('GET', `${RES}/oss/detail?id=${id}`, { ...other, op: 'ossDetail' })).status).toBe(
        400,
      );
      const upd = await call('POST', `${RES}/oss/submit`, {
        ...other,
        op: 'ossSubmit',
        payload: {
          id,
          category: 2,
          ossCode: 'stolen',
          endpoint: 'local',
          accessKey: 'a',
          secretKey: 's',
          bucketName: 'b',
        },
      });
      expect(upd.status).toBe(400);
      // enabling or removing another tenant's config is refused as an unknown id is: B keeps its active config
      expect((await call('POST', `${RES}/oss/enable?id=${id}`, { ...other, op: 'ossEnable' })).status).toBe(
        400,
      );
      expect((await call('POST', `${RES}/oss/enable?id=1`, { ...other, op: 'ossEnable' })).status).toBe(400);
      expect((await call('POST', `${RES}/oss/remove?ids=${id}`, { ...other, op: 'ossRemove' })).status).toBe(
        400,
      );
      const still = await call<Obj>('GET', `${RES}/oss/detail?id=${id}`);
      expect(still.body.data).toMatchObject({ ossCode: 'tenant-a', status: 1 });
      expect(await activeCount('smart_oss', '100001')).toBe(1);
      await call('POST', `${RES}/oss/remove?ids=${id}`);
    });
  });

  /* -------------------------------------------------------------- uploads */

  describe('uploads (local store)', () => {
    it('stores a file, records an attachment and serves it back', async () => {
      const { status, body } = await upload([
        { name: 'file', filename: 'photo.png', type: 'image/png', data: PNG },
      ]);
      expect(status).toBe(200);
      const d = body.data;
      expect(d.name).toMatch(/^upload\/\d{8}\/[0-9a-f]{32}\.png$/);
      expect(d.domain).toBe('/api/smart-resource/oss/file/000000');
      expect(d.link).toBe(`${d.domain}/${d.name}`);
      expect(d.originalName).toBe('photo.png');
      expect(await readFile(path.join(uploadDir, '000000', d.name!))).toEqual(PNG);

      const served = await s.app.inject({ method: 'GET', url: d.link! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload).toEqual(PNG);

      const att = await call<Obj>('GET', `${RES}/attach/detail?id=${d.attachId}`, { op: 'attachDetail' });
      expect(att.body.data).toMatchObject({
        link: d.link,
        name: d.name,
        originalName: 'photo.png',
        extension: 'png',
        attachSize: PNG.length,
        tenantId: '000000',
      });
    });

    it('avatar uploads: jpg/png by content, at most 500 KB', async () => {
      const jpg = await upload(
        [{ name: 'file', filename: 'me.png', type: 'image/png', data: JPG }],
        '?kind=avatar',
      );
      expect(jpg.status).toBe(200);
      expect(jpg.body.data.name).toMatch(/\.jpg$/); // the bytes decide
      const fake = await upload(
        [
          {
            name: 'file',
            filename: 'avatar.png',
            type: 'image/png',
            data: Buffer.from('<svg onload=alert(1)>'),
          },
        ],
        '?kind=avatar',
      );
      expect(fake.status).toBe(400);
      expect(fake.body.msg).toBe('头像只能是 JPG/PNG 格式');
      const gif = await upload(
        [{ name: 'file', filename: 'a.gif', data: Buffer.concat([Buffer.from('GIF89a'), randomBytes(20)]) }],
        '?kind=avatar',
      );
      expect(gif.status).toBe(400);
      const big = await upload(
        [{ name: 'file', filename: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(500 * 1024)]) }],
        '?kind=avatar',
      );
      expect(big.status).toBe(400);
      expect(big.body.msg).toBe('头像大小不能超过 500KB');
      // the same size is fine for a general upload
      const general = await upload([
        { name: 'file', filename: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(500 * 1024)]) },
      ]);
      expect(general.status).toBe(200);
      const badKind = await upload([{ name: 'file', filename: 'a.png', data: PNG }], '?kind=other');
      expect(badKind.status).toBe(400);
    });

    it('refuses mismatched images, empty, oversized, missing and multiple files with 400', async () => {
      const html = await upload([
        { name: 'file', filename: 'x.png', data: Buffer.from('<html><script>1</script>') },
      ]);
      expect(html.status).toBe(400);
      expect(html.body.msg).toBe('文件内容与扩展名不符');
      const empty = await upload([{ name: 'file', filename: 'e.txt', data: Buffer.alloc(0) }]);
      expect(empty.status).toBe(400);
      const huge = await upload([
        { name: 'file', filename: 'huge.bin', data: Buffer.alloc(3 * 1024 * 1024) },
      ]);
      expect(huge.status).toBe(400);
      expect(huge.body.msg).toBe('上传文件过大');
      const none = await upload([{ name: 'note', data: 'hello' }]);
      expect(none.status).toBe(400);
      const two = await upload([
        { name: 'file', filename: 'a.txt', data: 'a' },
        { name: 'file2', filename: 'b.txt', data: 'b' },
      ]);
      expect(two.status).toBe(400);
      const asText = await upload([{ name: 'file', data: 'not a file' }]);
      expect(asText.status).toBe(400);
      // a JSON body on the upload, and a multipart body on a JSON operation
      const json = await s.app.inject({
        method: 'POST',
        url: `${RES}/oss/endpoint/put-file`,
        headers: authHeaders(tokenA),
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(400);
      expectContract(json, 'ossPutFile');
      const mp = multipart([{ name: 'title', data: 'x' }]);
      const wrong = await s.app.inject({
        method: 'POST',
        url: '/api/smart-desk/notice/submit',
        headers: { ...authHeaders(tokenA), 'content-type': mp.contentType },
        payload: mp.payload,
      });
      expect(wrong.statusCode).toBe(415);
      expect(wrong.json()).toMatchObject({ code: 415, success: false });
      // without a token nothing is read
      const anon = multipart([{ name: 'file', filename: 'a.png', data: PNG }]);
      const noToken = await s.app.inject({
        method: 'POST',
        url: `${RES}/oss/endpoint/put-file`,
        headers: { 'content-type': anon.contentType },
        payload: anon.payload,
      });
      expect(noToken.statusCode).toBe(401);
    });

    it('serves non-images as downloads, never inline HTML', async () => {
      const { body } = await upload([
        { name: 'file', filename: 'page.html', data: '<script>alert(1)</script>' },
      ]);
      expect(body.data.name).toMatch(/\.html$/);
      const res = await s.app.inject({ method: 'GET', url: body.data.link! });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toBe('attachment');
      expect(String(res.headers['content-security-policy'])).toContain('sandbox');
      const odd = await upload([{ name: 'file', filename: '../../etc/passwd', data: 'x' }]);
      expect(odd.status).toBe(200);
      expect(odd.body.data).toMatchObject({ originalName: 'passwd' });
      expect(odd.body.data.name).toMatch(/^upload\/\d{8}\/[0-9a-f]{32}\.bin$/);
    });

    it('the file route refuses path traversal and unknown names', async () => {
      await writeFile(path.join(uploadDir, 'secret.txt'), 'top secret');
      const { body } = await upload([{ name: 'file', filename: 'a.png', data: PNG }]);
      const name = body.data.name!;
      const base = '/api/smart-resource/oss/file';
      const attempts = [
        `${base}/000000/../secret.txt`,
        `${base}/000000/..%2Fsecret.txt`,
        `${base}/000000/%2e%2e/secret.txt`,
        `${base}/..%2F..%2F/secret.txt`,
        `${base}/000000/${name.replace(/\/[^/]+$/, '/..%2F..%2F..%2Fsecret.txt')}`,
        `${base}/000000/upload/20260101/${'0'.repeat(32)}.png`,
        `${base}/100001/${name}`, // another tenant's folder
        `${base}/000000/${name}%00.png`,
        `${base}/000000/${name.toUpperCase()}`,
        `${base}/000000/%2Fetc%2Fpasswd`,
        `${base}/000000`,
      ];
      for (const url of attempts) {
        const res = await s.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('top secret');
      }
    });
  });

  /* ------------------------------------------------------------ S3 store */

  describe('S3-compatible store', () => {
    it('signs PUTs with SigV4 and stores the bytes at the fake S3', async () => {
      s3.secrets.set('AKTEST', 's3-secret/+=');
      await call<Obj>('POST', `${RES}/oss/submit`, {
        payload: {
          category: 1,
          ossCode: 'fake-s3',
          endpoint: s3.url,
          accessKey: 'AKTEST',
          secretKey: 's3-secret/+=',
          bucketName: 'smart',
        },
      });
      const id = await findId(`${RES}/oss/list?ossCode=fake-s3`);
      await call('POST', `${RES}/oss/enable?id=${id}`);
      const { status, body } = await upload([
        { name: 'file', filename: 'pic.jpg', type: 'image/jpeg', data: JPG },
      ]);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(s3.rejected).toEqual([]);
      expect(body.data.domain).toBe(`${s3.url}/smart`);
      expect(body.data.link).toBe(`${s3.url}/smart/${body.data.name}`);
      const obj = s3.objects.get(`/smart/${body.data.name}`);
      expect(obj?.body).toEqual(JPG);
      expect(obj?.contentType).toBe('image/jpeg');

      // the store refuses a wrong secret: the upload answers 400, nothing is recorded
      const before = await call<Page<Obj>>('GET', `${RES}/attach/list?size=100`);
      s3.secrets.set('AKTEST', 'rotated');
      const bad = await upload([{ name: 'file', filename: 'pic.jpg', data: JPG }]);
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toContain('文件上传失败');
      expect(s3.rejected).toContain('signature mismatch');
      const after = await call<Page<Obj>>('GET', `${RES}/attach/list?size=100`);
      expect(after.body.data.total).toBe(before.body.data.total);

      const local = await call<Page<Obj>>('GET', `${RES}/oss/list?ossCode=local`);
      await call('POST', `${RES}/oss/enable?id=${local.body.data.records[0]!.id}`);
      await call('POST', `${RES}/oss/remove?ids=${id}`);
    });
  });

  describe('debugging one config (put-file?code=)', () => {
    it('stores with the named config while another stays active; unknown codes and non-administrators are refused', async () => {
      s3.secrets.set('AKDEBUG', 'debug-secret');
      await call<Obj>('POST', `${RES}/oss/submit`, {
        payload: {
          category: 1,
          ossCode: 'debug-s3',
          endpoint: s3.url,
          accessKey: 'AKDEBUG',
          secretKey: 'debug-secret',
          bucketName: 'trial',
        },
      });
      const id = await findId(`${RES}/oss/list?ossCode=debug-s3`);
      const file = [{ name: 'file', filename: 'probe.txt', type: 'text/plain', data: 'hello' }];
      const tried = await upload(file, '?code=debug-s3');
      expect(tried.status, JSON.stringify(tried.body)).toBe(200);
      expect(tried.body.data.link).toBe(`${s3.url}/trial/${tried.body.data.name}`);
      expect(s3.objects.get(`/trial/${tried.body.data.name}`)?.body.toString()).toBe('hello');
      // the active config is still the local one: a plain upload does not go to the fake S3
      const plain = await upload(file);
      expect(plain.status).toBe(200);
      expect(plain.body.data.link).not.toContain(s3.url);

      const unknown = await upload(file, '?code=nowhere');
      expect(unknown.status).toBe(400);
      expect(unknown.body.msg).toBe('对象存储配置不存在');
      // another tenant's code is unknown to this one
      const foreign = await upload(file, '?code=debug-s3', tokenB);
      expect(foreign.body.msg).toBe('对象存储配置不存在');

      // an operator uploads with the active config, but may not pick another
      const operator = (
        await login(s.app, '000000', 'operator', createHash('md5').update('operator').digest('hex'))
      ).access_token;
      expect((await upload(file, '', operator)).status).toBe(200);
      const notAdmin = await upload(file, '?code=debug-s3', operator);
      expect(notAdmin.status).toBe(401);
      expect(notAdmin.body.msg).toBe('缺失权限');

      s3.secrets.set('AKDEBUG', 'rotated');
      const refused = await upload(file, '?code=debug-s3');
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain('文件上传失败');
      await call('POST', `${RES}/oss/remove?ids=${id}`);
    });
  });

  /* ------------------------------------------------------------ attach */

  describe('attachments', () => {
    it('list filters, submit, detail, remove, tenant isolation', async () => {
      const created = await call<Obj>('POST', `${RES}/attach/submit`, {
        op: 'attachSubmit',
        payload: {
          link: 'https://cdn.example.cn/a/report.pdf',
          originalName: 'report-q4.pdf',
          extension: 'pdf',
          attachSize: 1234,
        },
      });
      expect(created.status).toBe(200);
      const byName = await call<Page<Obj>>('GET', `${RES}/attach/list?originalName=report-q4`, {
        op: 'attachList',
      });
      expect(byName.body.data.records).toHaveLength(1);
      const id = byName.body.data.records[0]!.id;
      expect(byName.body.data.records[0]).toMatchObject({
        link: 'https://cdn.example.cn/a/report.pdf',
        attachSize: 1234,
      });
      const byExt = await call<Page<Obj>>('GET', `${RES}/attach/list?extension=pdf`, { op: 'attachList' });
      expect(byExt.body.data.records.every((r) => r.extension === 'pdf')).toBe(true);
      await call<Obj>('POST', `${RES}/attach/submit`, {
        op: 'attachSubmit',
        payload: { id, link: 'https://cdn.example.cn/a/report.pdf', originalName: 'renamed.pdf' },
      });
      const upd = await call<Obj>('GET', `${RES}/attach/detail?id=${id}`, { op: 'attachDetail' });
      expect(upd.body.data).toMatchObject({ originalName: 'renamed.pdf', attachSize: 1234 });
      const missing = await call('POST', `${RES}/attach/submit`, {
        op: 'attachSubmit',
        payload: { originalName: 'x' },
      });
      expect(missing.status).toBe(400);

      // tenant 100001 sees none of it
      const listB = await call<Page<Obj>>('GET', `${RES}/attach/list?size=100`, {
        token: tokenB,
        op: 'attachList',
      });
      expect(listB.body.data.records.every((r) => r.tenantId === '100001')).toBe(true);
      expect(
        (await call('GET', `${RES}/attach/detail?id=${id}`, { token: tokenB, op: 'attachDetail' })).status,
      ).toBe(400);
      const updB = await call('POST', `${RES}/attach/submit`, {
        token: tokenB,
        op: 'attachSubmit',
        payload: { id, link: 'https://evil.example/x', originalName: 'x' },
      });
      expect(updB.status).toBe(400);
      await call('POST', `${RES}/attach/remove?ids=${id}`, { token: tokenB, op: 'attachRemove' });
      expect((await call<Obj>('GET', `${RES}/attach/detail?id=${id}`)).body.data.originalName).toBe(
        'renamed.pdf',
      );

      const rm1 = await call('POST', `${RES}/attach/remove?ids=${id}`, { op: 'attachRemove' });
      expect(rm1.status).toBe(200);
      expect((await call('GET', `${RES}/attach/detail?id=${id}`)).status).toBe(400);
    });

    it('uploads of tenant 100001 land in its own folder and rows', async () => {
      const { status, body } = await upload([{ name: 'file', filename: 'b.png', data: PNG }], '', tokenB);
      expect(status).toBe(200);
      expect(body.data.domain).toBe('/api/smart-resource/oss/file/100001');
      expect((await call('GET', `${RES}/attach/detail?id=${body.data.attachId}`)).status).toBe(400);
      const mine = await call<Obj>('GET', `${RES}/attach/detail?id=${body.data.attachId}`, { token: tokenB });
      expect(mine.body.data.tenantId).toBe('100001');
    });
  });

  /* --------------------------------------------------------------- sms */

  describe('sms', () => {
    it('config lifecycle with masking, enable and isolation', async () => {
      const list = await call<Page<Obj>>('GET', `${RES}/sms/list`, { op: 'smsList' });
      expect(list.body.data.records.find((r) => r.smsCode === 'log')).toMatchObject({
        status: 2,
        secretKey: '******',
      });
      const created = await call<Obj>('POST', `${RES}/sms/submit`, {
        op: 'smsSubmit',
        payload: {
          category: 3,
          smsCode: 'aliyun-a',
          templateId: 'SMS_1',
          accessKey: 'ak',
          secretKey: 'sms-secret',
          regionId: 'cn-hangzhou',
          signName: '签名',
        },
      });
      expect(created.status).toBe(200);
      expect(created.res.body).not.toContain('sms-secret');
      const id = await findId(`${RES}/sms/list?smsCode=aliyun-a`);
      const detail = await call<Obj>('GET', `${RES}/sms/detail?id=${id}`, { op: 'smsDetail' });
      expect(detail.body.data).toMatchObject({
        categoryName: '阿里云',
        status: 1,
        statusName: '否',
        secretKey: '******',
      });
      await call('POST', `${RES}/sms/submit`, {
        op: 'smsSubmit',
        payload: {
          id,
          category: 3,
          smsCode: 'aliyun-a',
          templateId: 'SMS_2',
          accessKey: 'ak',
          secretKey: '******',
        },
      });
      const secret = await execRows(
        s.handle.db,
        sql`select secret_key, template_id from smart_sms where id = ${BigInt(id)}`,
      );
      expect(secret[0]).toMatchObject({ secret_key: 'sms-secret', template_id: 'SMS_2' });
      const dup = await call('POST', `${RES}/sms/submit`, {
        op: 'smsSubmit',
        payload: { category: 3, smsCode: 'aliyun-a', templateId: 'SMS_1', accessKey: 'ak', secretKey: 's' },
      });
      expect(dup.status).toBe(400);

      const results = await Promise.all([
        call('POST', `${RES}/sms/enable?id=${id}`),
        call('POST', `${RES}/sms/enable?id=${list.body.data.records.find((r) => r.smsCode === 'log')!.id}`),
        call('POST', `${RES}/sms/enable?id=${id}`),
      ]);
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect(await activeCount('smart_sms', '000000')).toBe(1);

      expect(
        (await call('GET', `${RES}/sms/detail?id=${id}`, { token: tokenB, op: 'smsDetail' })).status,
      ).toBe(400);
      const statuses = async () =>
        execRows(s.handle.db, sql`select id::text, status from smart_sms where is_deleted = 0 order by id`);
      const before = await statuses();
      expect(
        (await call('POST', `${RES}/sms/enable?id=${id}`, { token: tokenB, op: 'smsEnable' })).status,
      ).toBe(400);
      expect(await statuses()).toEqual(before);
      await call('POST', `${RES}/sms/remove?ids=${id}`, { token: tokenB });
      expect((await call('GET', `${RES}/sms/detail?id=${id}`, { op: 'smsDetail' })).status).toBe(200);
      expect(await activeCount('smart_sms', '100001')).toBe(1);
      await call('POST', `${RES}/sms/remove?ids=${id}`, { op: 'smsRemove' });
      expect((await call('GET', `${RES}/sms/detail?id=${id}`)).status).toBe(400);
    });

    it('send-message goes to the log provider and is recorded per tenant', async () => {
      const params = encodeURIComponent(JSON.stringify({ code: '123456', n: 2 }));
      const sent = await call(
        'POST',
        `${RES}/sms/endpoint/send-message?code=log&phones=13800000000,13800000001,13800000000&params=${params}`,
        {
          op: 'smsSendMessage',
        },
      );
      expect(sent.status).toBe(200);
      expect(sent.body.msg).toBe('发送成功');
      const rows = await s.handle.db
        .select()
        .from(smsMessage)
        .where(and(eq(smsMessage.tenantId, '000000'), eq(smsMessage.smsCode, 'log')));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ provider: 'log', phones: '13800000000,13800000001', success: 1 });
      expect(JSON.parse(rows[0]!.params)).toEqual({ code: '123456', n: '2' });

      // an unknown code falls back to the active config (of the caller's tenant only)
      const fallback = await call(
        'POST',
        `${RES}/sms/endpoint/send-message?code=aliyun-sms&phones=13900000000`,
        {
          token: tokenB,
          op: 'smsSendMessage',
        },
      );
      expect(fallback.status).toBe(200);
      const rowsB = await s.handle.db.select().from(smsMessage).where(eq(smsMessage.tenantId, '100001'));
      expect(rowsB.map((r) => r.phones)).toEqual(['13900000000']);

      for (const bad of [
        'code=log&phones=123',
        'code=log&phones=13800000000&params=notjson',
        'code=log&phones=13800000000&params=%5B1%2C2%5D',
        'code=log&phones=13800000000&params=%7B%22a%22%3A%7B%7D%7D',
        'phones=13800000000',
      ]) {
        const r = await call('POST', `${RES}/sms/endpoint/send-message?${bad}`, { op: 'smsSendMessage' });
        expect(r.status, bad).toBe(400);
      }
    });

    it('send-message without any config falls back to the log provider', async () => {
      const list = await call<Page<Obj>>('GET', `${RES}/sms/list`, { token: tokenB });
      const ids = list.body.data.records.map((r) => r.id).join(',');
      await call('POST', `${RES}/sms/remove?ids=${ids}`, { token: tokenB });
      const r = await call('POST', `${RES}/sms/endpoint/send-message?code=log&phones=13700000000`, {
        token: tokenB,
        op: 'smsSendMessage',
      });
      expect(r.status).toBe(200);
      const rows = await s.handle.db
        .select()
        .from(smsMessage)
        .where(and(eq(smsMessage.tenantId, '100001'), eq(smsMessage.phones, '13700000000')));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ provider: 'log', smsId: 0n });
    });
  });
});
