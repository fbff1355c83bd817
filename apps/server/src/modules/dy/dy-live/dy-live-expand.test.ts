// `dy_live/getExpandUrl` (./expand-url.ts) against the Douyin sandbox (src/sandbox/douyin) listening on the
// loopback, which the resolver's `v.douyin.com` is pointed at: share text is reduced to its link, redirects are
// followed (bounded) to the room ids; links of other hosts, redirects away from Douyin, dead links and loops answer
// a 400 envelope, and no address but Douyin's (here: the fake) is ever requested.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOUYIN_SANDBOX_PREFIX, registerDouyinSandbox, sandboxLiveIds } from '../../../sandbox/douyin/index';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';
import { NO_LINK_MSG } from '../../platform-shared/links';
import { setDouyinHostMapping } from './douyin-hosts';
import { NOT_DOUYIN_MSG, NOT_LIVE_MSG, UNREACHABLE_MSG } from './expand-url';

interface Expanded {
  url: string;
  expandUrl: string;
  webRid: string;
  roomId: string;
}

describe.each(backends)('Douyin live link expansion on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let fake: FastifyInstance;
  let base: string;
  /** Paths the fake was asked for. */
  const hits: string[] = [];
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app)).access_token;
    fake = Fastify();
    fake.addHook('onRequest', async (req) => {
      hits.push(req.url);
    });
    // a share link leading away from Douyin, to an address on this machine that must never be requested
    fake.get(`${DOUYIN_SANDBOX_PREFIX}/v/ssrf/`, async (_req, reply) =>
      reply.code(302).header('location', `${base}/secret`).send(),
    );
    fake.get('/secret', async () => 'secret');
    registerDouyinSandbox(fake);
    base = await fake.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await fake?.close();
    await s?.close();
  });

  const call = contractCall(() => s);
  const expand = (url: string) =>
    call<Expanded>('POST', '/api/smart-dy_live/dy_live/getExpandUrl', 'dyLiveGetExpandUrl', admin, { url });
  const refused = (msg: string) => ({ status: 400, body: { code: 400, success: false, msg, data: null } });

  it('follows a share link in share text to the room and its ids', async () => {
    const ids = sandboxLiveIds('abcDEF1');
    const res = await expand(
      '8- 长按复制此条消息，打开抖音搜索，查看TA的更多作品。 https://v.douyin.com/abcDEF1/ 复制',
    );
    expect(res).toEqual({
      status: 200,
      body: {
        code: 200,
        success: true,
        msg: '操作成功',
        data: {
          url: 'https://v.douyin.com/abcDEF1/',
          expandUrl: `https://live.douyin.com/${ids.webRid}`,
          webRid: ids.webRid,
          roomId: ids.roomId,
        },
      },
    });
    expect(hits).toContain(`${DOUYIN_SANDBOX_PREFIX}/v/abcDEF1/`);
  });

  it('keeps the reflow page of a room known by its room id only, and follows chains of share links', async () => {
    const room = await expand('https://v.douyin.com/roomXY/');
    const { roomId } = sandboxLiveIds('roomXY');
    expect(room.body.data).toEqual({
      url: 'https://v.douyin.com/roomXY/',
      expandUrl: `https://webcast.amemv.com/douyin/webcast/reflow/${roomId}`,
      webRid: '',
      roomId,
    });
    const chained = await expand('https://v.douyin.com/hopZZ9/');
    expect(chained.body.data).toMatchObject({ webRid: sandboxLiveIds('ZZ9').webRid });
  });

  it('takes a live page as it is, without a request', async () => {
    const before = hits.length;
    const res = await expand('看直播 https://live.douyin.com/123456789012?enter_from_merge=web_share');
    expect(res.body.data).toEqual({
      url: 'https://live.douyin.com/123456789012?enter_from_merge=web_share',
      expandUrl: 'https://live.douyin.com/123456789012',
      webRid: '123456789012',
      roomId: '',
    });
    expect(hits.length).toBe(before);
  });

  it('answers links that lead to no live room with a 400 envelope', async () => {
    expect(await expand('https://v.douyin.com/video1/')).toEqual(refused(NOT_LIVE_MSG));
    expect(await expand('https://v.douyin.com/goneAB/')).toEqual(refused(NOT_LIVE_MSG));
    const before = hits.length;
    expect(await expand('https://v.douyin.com/loopQ/')).toEqual(refused(NOT_LIVE_MSG));
    // the redirect loop stops after the bounded number of hops
    expect(hits.length - before).toBeLessThanOrEqual(6);
  });

  it('never requests an address that is not Douyin', async () => {
    const before = hits.length;
    expect(await expand(`${base}${DOUYIN_SANDBOX_PREFIX}/v/abc/`)).toEqual(refused(NOT_DOUYIN_MSG));
    expect(await expand('https://live.douyin.com.evil.example/123')).toEqual(refused(NOT_DOUYIN_MSG));
    expect(await expand('https://v.douyin.com:8443/abc/')).toEqual(refused(NOT_DOUYIN_MSG));
    expect(hits.length).toBe(before);
    // a Douyin share link redirecting to another host: the redirect is not followed
    expect(await expand('https://v.douyin.com/ssrf/')).toEqual(refused(NOT_LIVE_MSG));
    expect(hits).not.toContain('/secret');
  });

  it('answers text without a link, bad bodies and an unreachable Douyin with a 400 envelope', async () => {
    expect(await expand('没有链接')).toEqual(refused(NO_LINK_MSG));
    for (const body of [{}, { url: '' }, { url: 'x'.repeat(1001) }]) {
      const res = await call(
        'POST',
        '/api/smart-dy_live/dy_live/getExpandUrl',
        'dyLiveGetExpandUrl',
        admin,
        body,
      );
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, data: null });
    }
    // Douyin cannot be reached (a closed port on the loopback)
    const closed = Fastify();
    const gone = await closed.listen({ host: '127.0.0.1', port: 0 });
    await closed.close();
    setDouyinHostMapping({ 'v.douyin.com': gone });
    try {
      expect(await expand('https://v.douyin.com/abc/')).toEqual(refused(UNREACHABLE_MSG));
    } finally {
      registerDouyinSandboxMapping();
    }
  });

  /** Points `v.douyin.com` back at the fake. */
  const registerDouyinSandboxMapping = () =>
    setDouyinHostMapping({ 'v.douyin.com': `${base}${DOUYIN_SANDBOX_PREFIX}/v` });
});
