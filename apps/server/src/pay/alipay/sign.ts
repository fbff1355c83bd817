/**
 * Alipay open-platform signatures (RSA2 = SHA256withRSA), docs/automation-domain.md §3.4:
 * - requests: every non-empty parameter except `sign`, keys sorted (ASCII), `k=v` joined by `&` with raw values;
 * - notifications: the same over every posted parameter except `sign` and `sign_type`;
 * - synchronous answers `{"<method>_response": {...}, "sign": "..."}`: over the exact JSON text of the response node.
 */
import { createSign, createVerify, type KeyObject } from 'node:crypto';

export type Params = Record<string, string>;

/** The signed string of a parameter set (request or notification). */
export function signContent(params: Params, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export const REQUEST_EXCLUDED = ['sign'] as const;
export const NOTIFY_EXCLUDED = ['sign', 'sign_type'] as const;

export function rsa2Sign(content: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
}

export function rsa2Verify(content: string, signature: string, key: KeyObject): boolean {
  if (!signature) return false;
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false; // malformed signature
  }
}

/** Signs a request's parameters: returns them with `sign` added. */
export function signRequest(params: Params, key: KeyObject): Params {
  return { ...params, sign: rsa2Sign(signContent(params, REQUEST_EXCLUDED), key) };
}

export const verifyRequest = (params: Params, key: KeyObject): boolean =>
  rsa2Verify(signContent(params, REQUEST_EXCLUDED), params.sign ?? '', key);

/** Verifies an asynchronous notification (`sign_type` is not part of the signed string). */
export const verifyNotify = (params: Params, key: KeyObject): boolean =>
  rsa2Verify(signContent(params, NOTIFY_EXCLUDED), params.sign ?? '', key);

export const signNotify = (params: Params, key: KeyObject): Params => ({
  ...params,
  sign: rsa2Sign(signContent(params, NOTIFY_EXCLUDED), key),
});

/** `alipay.trade.precreate` → `alipay_trade_precreate_response`. */
export const responseNodeName = (method: string): string => `${method.replace(/\./g, '_')}_response`;

/**
 * The raw JSON text of `node` inside an answer body (the bytes Alipay signed, which re-serialising would not
 * reproduce: key order, escapes and number formats must stay as sent), and the `sign` beside it.
 */
export function extractSignedNode(body: string, node: string): { text: string; sign: string } | undefined {
  const key = `"${node}"`;
  let i = body.indexOf(key);
  if (i < 0) return undefined;
  i = body.indexOf(':', i + key.length);
  if (i < 0) return undefined;
  i++;
  while (i < body.length && /\s/.test(body[i]!)) i++;
  if (body[i] !== '{') return undefined;
  // scan the object, respecting strings and escapes
  let depth = 0;
  let inString = false;
  let end = -1;
  for (let j = i; j < body.length; j++) {
    const c = body[j]!;
    if (inString) {
      if (c === '\\') j++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      end = j + 1;
      break;
    }
  }
  if (end < 0) return undefined;
  let sign = '';
  try {
    const parsed = JSON.parse(body) as { sign?: unknown };
    if (typeof parsed.sign === 'string') sign = parsed.sign;
  } catch {
    return undefined;
  }
  return { text: body.slice(i, end), sign };
}

/** The answer body Alipay would send for `node` = `payload`, signed with `key` (the sandbox gateway's side). */
export function signedResponseBody(node: string, payload: object, key: KeyObject): string {
  const text = JSON.stringify(payload);
  return `{"${node}":${text},"sign":${JSON.stringify(rsa2Sign(text, key))}}`;
}
