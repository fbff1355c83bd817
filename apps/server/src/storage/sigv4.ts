/**
 * AWS Signature Version 4 (header form) with node:crypto, enough for S3-compatible object stores (minio, and the
 * S3 APIs of aliyun OSS, tencent COS, qiniu Kodo). No SDK: one PUT and one DELETE are all the server needs.
 */
import { createHash, createHmac } from 'node:crypto';

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of one path segment or query component (SigV4 canonical form). */
export const uriEncode = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `20261122T103000Z` and `20261122` of a date. */
export function amzDates(d: Date): { amzDate: string; day: string } {
  const amzDate = d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return { amzDate, day: amzDate.slice(0, 8) };
}

export interface SignInput {
  method: string;
  /** Already-encoded absolute path, e.g. `/bucket/upload/20261122/ab.png`. */
  path: string;
  /** Decoded query parameters. */
  query?: Record<string, string>;
  /** Headers to sign (lower-case names are not required); must include `host`. */
  headers: Record<string, string>;
  payloadHash: string;
  accessKey: string;
  secretKey: string;
  region: string;
  service: string;
  /** `yyyyMMddTHHmmssZ` */
  amzDate: string;
}

export function signingKey(secretKey: string, day: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretKey}`, day), region), service), 'aws4_request');
}

/** The canonical request, string to sign and `Authorization` header value of a request. */
export function sign(input: SignInput): {
  canonicalRequest: string;
  stringToSign: string;
  authorization: string;
} {
  const day = input.amzDate.slice(0, 8);
  const headers = Object.entries(input.headers)
    .map(([k, v]): [string, string] => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = headers.map(([k]) => k).join(';');
  const query = Object.entries(input.query ?? {})
    .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    input.method.toUpperCase(),
    input.path,
    query,
    headers.map(([k, v]) => `${k}:${v}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(input.secretKey, day, input.region, input.service))
    .update(stringToSign)
    .digest('hex');
  return {
    canonicalRequest,
    stringToSign,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
