/**
 * Where the live-link resolver (./expand-url.ts) reaches a Douyin host. In production nowhere else: the mapping is
 * empty and `v.douyin.com` is fetched as itself. The Douyin sandbox (src/sandbox/douyin, mounted by `npm start`)
 * and tests map hosts to a fake on this machine; only the fetched address changes, never which links are accepted.
 */

/** Douyin host name → base URL answering in its place (`http://127.0.0.1:<port>/sandbox-douyin/v`). */
export type DouyinHostMap = Readonly<Record<string, string>>;

let mapping: DouyinHostMap | (() => DouyinHostMap) | undefined;

/** Maps hosts to a fake (a getter is read at each call: the sandbox knows its port once the server listens). */
export function setDouyinHostMapping(m: DouyinHostMap | (() => DouyinHostMap) | undefined): void {
  mapping = m;
}

export function douyinHostMapping(): DouyinHostMap {
  return (typeof mapping === 'function' ? mapping() : mapping) ?? {};
}
