/**
 * Expanding a pasted Douyin live link (dy_live.yaml `getExpandUrl`; docs/automation-domain.md §1.2): the first link
 * of the text is followed through its redirects (a `v.douyin.com` share link leads to a reflow page carrying the
 * room id, a live page `live.douyin.com/<web_rid>` carries the web room id) until a URL carries a room id.
 *
 * Only Douyin's share services are ever fetched, on their default port: a link or a redirect to any other address
 * is parsed at most, never requested, so the server cannot be made to call an arbitrary host. Each request has a
 * timeout and the redirects are bounded; no response body is read.
 */
import { BizError } from '../../../util';
import { firstLink, LINK_TOO_LONG_MSG, MAX_LINK_LENGTH, NO_LINK_MSG } from '../../platform-shared/links';
import type { DouyinHostMap } from './douyin-hosts';

export const NOT_DOUYIN_MSG = '仅支持抖音直播链接(v.douyin.com 分享链接或 live.douyin.com 直播间地址)';
export const NOT_LIVE_MSG = '链接不是抖音直播间';
export const UNREACHABLE_MSG = '直播链接解析失败: 无法访问抖音,请稍后重试';

export interface ExpandOptions {
  /** Hosts answered by a fake (./douyin-hosts.ts). */
  hosts?: DouyinHostMap;
  /** Per request (default 5 s). */
  timeoutMs?: number;
  /** Redirects followed at most (default 5). */
  maxHops?: number;
}

/** The answer (dy_live.yaml DyLiveExpandUrl). */
export interface ExpandedLive {
  url: string;
  expandUrl: string;
  webRid: string;
  roomId: string;
}

const within = (u: URL, domains: string[]): boolean => {
  const h = u.hostname.toLowerCase();
  return domains.some((d) => h === d || h.endsWith(`.${d}`));
};
const webUrl = (u: URL): boolean => u.port === '' && (u.protocol === 'https:' || u.protocol === 'http:');

/** Links accepted as input: Douyin's web, share and live hosts on their default port. */
const douyinLink = (u: URL): boolean => webUrl(u) && within(u, ['douyin.com', 'iesdouyin.com']);

/**
 * The hosts that are requested: only the share services, whose answer is the redirect to follow (a video or user
 * page leads to no room, and is not requested either).
 */
const SHARE_HOSTS = new Set(['v.douyin.com', 'iesdouyin.com', 'www.iesdouyin.com']);
const fetchable = (u: URL): boolean => webUrl(u) && SHARE_HOSTS.has(u.hostname.toLowerCase());

/** Hosts whose URLs may carry the ids (the reflow pages are on webcast.amemv.com): parsed, never requested. */
const liveHost = (u: URL): boolean => douyinLink(u) || (webUrl(u) && within(u, ['amemv.com']));

/** Room ids are numbers of at most 32 digits (dy_live.yaml webRid / roomId). */
const DIGITS = /^[0-9]{1,32}$/;
const digits = (v: string | null | undefined): string => (v && DIGITS.test(v) ? v : '');

/** The web room id and room id a URL carries ('' each when it carries none). */
export function liveIds(u: URL): { webRid: string; roomId: string } {
  if (!liveHost(u)) return { webRid: '', roomId: '' };
  const host = u.hostname.toLowerCase();
  const path = u.pathname;
  let webRid = digits(u.searchParams.get('web_rid'));
  let roomId = digits(u.searchParams.get('room_id'));
  if (!webRid && host === 'live.douyin.com') webRid = digits(/^\/([0-9]+)\/?$/.exec(path)?.[1]);
  if (!webRid && (host === 'douyin.com' || host === 'www.douyin.com'))
    webRid = digits(/^\/(?:root|follow)\/live\/([0-9]+)\/?$/.exec(path)?.[1]);
  if (!roomId) roomId = digits(/\/(?:webcast\/reflow|share\/live)\/([0-9]+)\/?$/.exec(path)?.[1]);
  return { webRid, roomId };
}

/** One request without following the redirect; the next URL, or undefined when the answer is not a redirect. */
async function nextHop(u: URL, opts: ExpandOptions): Promise<URL | undefined> {
  const base = opts.hosts?.[u.hostname.toLowerCase()];
  const target = base ? `${base.replace(/\/+$/, '')}${u.pathname}${u.search}` : u.href;
  let res: Response;
  try {
    res = await fetch(target, {
      method: 'GET',
      redirect: 'manual',
      signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
      // the share service answers a phone's browser with the redirect to the reflow page
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      },
    });
  } catch {
    throw new BizError(UNREACHABLE_MSG);
  }
  await res.body?.cancel().catch(() => undefined);
  const location = res.headers.get('location');
  if (res.status < 300 || res.status > 399 || !location) return undefined;
  try {
    const next = new URL(location, u);
    return next.protocol === 'https:' || next.protocol === 'http:' ? next : undefined;
  } catch {
    return undefined;
  }
}

export async function expandDouyinLive(text: string, opts: ExpandOptions = {}): Promise<ExpandedLive> {
  const link = firstLink(text);
  if (!link) throw new BizError(NO_LINK_MSG);
  if (link.length > MAX_LINK_LENGTH) throw new BizError(LINK_TOO_LONG_MSG);
  let cur: URL;
  try {
    cur = new URL(link);
  } catch {
    throw new BizError(NO_LINK_MSG);
  }
  if (!douyinLink(cur)) throw new BizError(NOT_DOUYIN_MSG);
  const maxHops = opts.maxHops ?? 5;
  for (let hop = 0; ; hop += 1) {
    const { webRid, roomId } = liveIds(cur);
    if (webRid || roomId) {
      return {
        url: link,
        // the canonical live page needs the web room id; a room known only by its room id keeps its reflow page
        expandUrl: webRid
          ? `https://live.douyin.com/${webRid}`
          : `https://webcast.amemv.com/douyin/webcast/reflow/${roomId}`,
        webRid,
        roomId,
      };
    }
    if (hop >= maxHops || !fetchable(cur)) break;
    const next = await nextHop(cur, opts);
    if (!next) break;
    cur = next;
  }
  throw new BizError(NOT_LIVE_MSG);
}
