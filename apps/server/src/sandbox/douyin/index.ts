/**
 * A fake of Douyin's share-link service (`v.douyin.com`), mounted at `/sandbox-douyin` by `npm start`
 * (`ENGINE_SANDBOX=1`) and by tests, so that `dy_live/getExpandUrl` (src/modules/dy/dy-live/expand-url.ts) can be
 * tried without reaching Douyin. `registerDouyinSandbox` points the resolver's `v.douyin.com` at it.
 *
 * `GET /sandbox-douyin/v/<code>/` answers a 302 as the real service does for a live share link: to the reflow page
 * of a room, `https://webcast.amemv.com/douyin/webcast/reflow/<roomId>?web_rid=<webRid>&…`, both ids derived from
 * the code (the same code always gives the same room). Codes by their prefix:
 * - `room…`: the reflow page without `web_rid` (a room known by its room id only);
 * - `video…`: a video page, `https://www.douyin.com/video/<19 digits>` (not a live room);
 * - `hop…`: one more share link, `https://v.douyin.com/<rest of the code>/` (a chain of redirects);
 * - `loop…`: itself again (a redirect loop);
 * - `gone…`: 404, like an expired link.
 * Production code never imports this folder.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listeningBaseUrl } from '../../kernel/self-url';
import { setDouyinHostMapping } from '../../modules/dy/dy-live/douyin-hosts';

export const DOUYIN_SANDBOX_PREFIX = '/sandbox-douyin';

/** A number of `n` digits derived from `code` (no leading zero). */
function idFrom(code: string, salt: string, n: number): string {
  const hex = createHash('sha256').update(`${salt}:${code}`).digest('hex');
  const num = BigInt(`0x${hex}`)
    .toString()
    .slice(0, n - 1);
  return `7${num.padStart(n - 1, '0')}`;
}

/** The ids the sandbox gives a share code (tests compare with them). */
export const sandboxLiveIds = (code: string) => ({
  webRid: idFrom(code, 'web_rid', 12),
  roomId: idFrom(code, 'room_id', 19),
});

function shareLink(req: FastifyRequest, reply: FastifyReply) {
  const code = (req.params as { code: string }).code;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(code) || code.startsWith('gone'))
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  const { webRid, roomId } = sandboxLiveIds(code);
  let location: string;
  if (code.startsWith('hop')) location = `https://v.douyin.com/${code.slice(3) || 'x'}/`;
  else if (code.startsWith('loop')) location = `https://v.douyin.com/${code}/`;
  else if (code.startsWith('video')) location = `https://www.douyin.com/video/${idFrom(code, 'aweme', 19)}`;
  else {
    const query = new URLSearchParams({
      ...(code.startsWith('room') ? {} : { web_rid: webRid }),
      u_code: 'sandbox',
      enter_from_merge: 'link_share',
    });
    location = `https://webcast.amemv.com/douyin/webcast/reflow/${roomId}?${query.toString()}`;
  }
  return reply.code(302).header('location', location).send();
}

/**
 * Mounts the fake on `app` (before it is ready) and points the resolver's `v.douyin.com` at it: at `baseUrl` when
 * given, else at the address `app` listens on (read at each call, so the port is known once the server listens).
 */
export function registerDouyinSandbox(app: FastifyInstance, baseUrl?: () => string | undefined): void {
  app.get(`${DOUYIN_SANDBOX_PREFIX}/v/:code`, shareLink);
  app.get(`${DOUYIN_SANDBOX_PREFIX}/v/:code/`, shareLink);
  setDouyinHostMapping(() => {
    const base = baseUrl?.() ?? listeningBaseUrl(app);
    const hosts: Record<string, string> = {};
    if (base) hosts['v.douyin.com'] = `${base}${DOUYIN_SANDBOX_PREFIX}/v`;
    return hosts;
  });
  app.addHook('onClose', async () => setDouyinHostMapping(undefined));
}
