/**
 * Links of the content platforms as operators paste them (docs/automation-domain.md §1.2, §1.3): a full item URL,
 * a share short link, or the app's share text around one. Each is reduced to its first http(s) link and checked
 * against the platform's item link shapes; the item id is taken from the link when it carries one (a short link is
 * resolved later, by the robot).
 */

/** What a valid link gives: the link itself and the ids it carries ('' when it carries none). */
export interface ParsedLink {
  url: string;
  itemId: string;
  /** Xiaohongshu's access token of the note (`xsec_token`), which opening the note needs since 2024. */
  xsecToken: string;
}

export type LinkResult = ParsedLink | { error: string };

/** The longest stored link (patterns.yaml CommUrlFields.url `maxLength`). */
export const MAX_LINK_LENGTH = 512;

export const NO_LINK_MSG = '未找到链接';
export const LINK_TOO_LONG_MSG = `链接过长(最多 ${MAX_LINK_LENGTH} 个字符)`;
export const DY_LINK_MSG =
  '链接格式不正确: 需为抖音作品链接(v.douyin.com 短链或 www.douyin.com/video/作品ID)';
export const XHS_LINK_MSG =
  '链接格式不正确: 需为小红书笔记链接(www.xiaohongshu.com/explore/笔记ID 或 xhslink.com 短链)';

/**
 * The first http(s) link of a text: URL characters only, so the Chinese text and punctuation of a share message
 * around it stop it; trailing ASCII punctuation of the sentence is dropped.
 */
export function firstLink(text: string): string | undefined {
  const m = /https?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/i.exec(text);
  return m?.[0].replace(/[.,;:!?)\]'"]+$/, '');
}

function parse(text: string): URL | { error: string } {
  const link = firstLink(text.trim());
  if (!link) return { error: NO_LINK_MSG };
  if (link.length > MAX_LINK_LENGTH) return { error: LINK_TOO_LONG_MSG };
  try {
    return new URL(link);
  } catch {
    return { error: NO_LINK_MSG };
  }
}

const result = (u: URL, itemId = '', xsecToken = ''): ParsedLink => ({ url: u.href, itemId, xsecToken });

/** Douyin item ids (aweme_id) are 19 digits. */
const AWEME_ID = /^[0-9]{19}$/;

/**
 * A Douyin item link: the share short link `v.douyin.com/<code>/`, `www.douyin.com/video|note/<19 digits>`, a
 * douyin.com page with `?modal_id=<19 digits>` (the web app's overlay), or the share page
 * `www.iesdouyin.com/share/video|note/<19 digits>`.
 */
export function parseDouyinItemLink(text: string): LinkResult {
  const u = parse(text);
  if ('error' in u) return u;
  const host = u.hostname.toLowerCase();
  const path = u.pathname;
  if (host === 'v.douyin.com' && /^\/[A-Za-z0-9_-]+\/?$/.test(path)) {
    // one share link with or without its closing slash (the app writes it)
    if (!path.endsWith('/')) u.pathname = `${path}/`;
    return result(u);
  }
  if (host === 'douyin.com' || host === 'www.douyin.com') {
    const m = /^\/(?:video|note)\/([0-9]{19})\/?$/.exec(path);
    if (m) return result(u, m[1]);
    const modal = u.searchParams.get('modal_id') ?? '';
    if (AWEME_ID.test(modal)) return result(u, modal);
  }
  if (host === 'iesdouyin.com' || host === 'www.iesdouyin.com') {
    const m = /^\/share\/(?:video|note)\/([0-9]{19})\/?$/.exec(path);
    if (m) return result(u, m[1]);
  }
  return { error: DY_LINK_MSG };
}

/**
 * A Xiaohongshu note link: `www.xiaohongshu.com/explore/<24 hex>` or `/discovery/item/<24 hex>` (its
 * `xsec_token` kept), or the share short link `xhslink.com/…`.
 */
export function parseXhsNoteLink(text: string): LinkResult {
  const u = parse(text);
  if ('error' in u) return u;
  const host = u.hostname.toLowerCase();
  if (host === 'www.xiaohongshu.com' || host === 'xiaohongshu.com') {
    const m = /^\/(?:explore|discovery\/item)\/([0-9a-fA-F]{24})\/?$/.exec(u.pathname);
    if (m) return result(u, m[1]!.toLowerCase(), (u.searchParams.get('xsec_token') ?? '').slice(0, 128));
  }
  if ((host === 'xhslink.com' || host === 'www.xhslink.com') && /^\/[A-Za-z0-9/_-]+$/.test(u.pathname))
    return result(u);
  return { error: XHS_LINK_MSG };
}
