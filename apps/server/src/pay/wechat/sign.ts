/**
 * WeChat Pay APIv3 signatures and encryption (docs/automation-domain.md §3.5):
 * - requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,signature=…,timestamp=…,serial_no=…`,
 *   the signature being SHA256withRSA (merchant key) over `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`;
 * - answers and notifications carry `Wechatpay-Timestamp/-Nonce/-Signature/-Serial`, the signature being
 *   SHA256withRSA (platform key) over `TIMESTAMP\nNONCE\nBODY\n`; stale timestamps are refused (replays);
 * - notification resources are AEAD_AES_256_GCM with the APIv3 key, the 16-byte tag appended to the ciphertext.
 */
import {
  createCipheriv,
  createDecipheriv,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** How far a signature's timestamp may be from now (WeChat recommends 5 minutes). */
export const MAX_SKEW_SECONDS = 300;

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function nonce(length = 32): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += NONCE_ALPHABET[b % NONCE_ALPHABET.length];
  return out;
}

export const sha256RsaSign = (message: string, key: KeyObject): string =>
  createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');

export function sha256RsaVerify(message: string, signature: string, key: KeyObject): boolean {
  if (!signature) return false;
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** The signed message of a request: `pathWithQuery` is the URL's path and query as sent. */
export const requestMessage = (
  method: string,
  pathWithQuery: string,
  ts: string,
  nonceStr: string,
  body: string,
) => `${method}\n${pathWithQuery}\n${ts}\n${nonceStr}\n${body}\n`;

/** The signed message of an answer or notification. */
export const responseMessage = (ts: string, nonceStr: string, body: string) =>
  `${ts}\n${nonceStr}\n${body}\n`;

export interface MerchantCredentials {
  mchId: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  privateKey: KeyObject;
}

/** The `Authorization` header of a request. */
export function authorization(
  m: MerchantCredentials,
  method: string,
  pathWithQuery: string,
  body: string,
  now: Date = new Date(),
  nonceStr: string = nonce(),
): string {
  const ts = String(Math.floor(now.getTime() / 1000));
  const signature = sha256RsaSign(requestMessage(method, pathWithQuery, ts, nonceStr, body), m.privateKey);
  return `${AUTH_SCHEMA} mchid="${m.mchId}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${ts}",serial_no="${m.serialNo}"`;
}

/** Fields of an `Authorization` header (the fake gateway's side); undefined when it is not this schema. */
export function parseAuthorization(header: string): Record<string, string> | undefined {
  if (!header.startsWith(`${AUTH_SCHEMA} `)) return undefined;
  const out: Record<string, string> = {};
  for (const m of header.slice(AUTH_SCHEMA.length + 1).matchAll(/([a-z_]+)="([^"]*)"/g)) out[m[1]!] = m[2]!;
  return out;
}

export interface SignatureHeaders {
  timestamp: string;
  nonce: string;
  signature: string;
  serial: string;
}

/** Reads the `Wechatpay-*` headers (any case); undefined when one is missing. */
export function signatureHeaders(
  headers: Record<string, string | string[] | undefined>,
): SignatureHeaders | undefined {
  const get = (name: string) => {
    const v = headers[name] ?? headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  };
  const timestamp = get('Wechatpay-Timestamp');
  const nonceStr = get('Wechatpay-Nonce');
  const signature = get('Wechatpay-Signature');
  const serial = get('Wechatpay-Serial');
  if (!timestamp || !nonceStr || !signature || !serial) return undefined;
  return { timestamp, nonce: nonceStr, signature, serial };
}

export type VerifyResult = 'ok' | 'unknown-serial' | 'stale' | 'bad-signature';

/**
 * Verifies an answer or notification: the serial must name the configured platform key, the timestamp must be
 * within `MAX_SKEW_SECONDS` of now, and the signature must verify over `timestamp\nnonce\nbody\n`.
 */
export function verifySignature(
  h: SignatureHeaders,
  body: string,
  platform: { serial: string; publicKey: KeyObject },
  now: Date = new Date(),
): VerifyResult {
  if (h.serial !== platform.serial) return 'unknown-serial';
  const ts = Number(h.timestamp);
  if (!/^[0-9]{1,12}$/.test(h.timestamp) || Math.abs(now.getTime() / 1000 - ts) > MAX_SKEW_SECONDS)
    return 'stale';
  return sha256RsaVerify(responseMessage(h.timestamp, h.nonce, body), h.signature, platform.publicKey)
    ? 'ok'
    : 'bad-signature';
}

/** The `Wechatpay-*` headers signing `body` (the fake gateway's side). */
export function signResponse(
  body: string,
  platform: { serial: string; privateKey: KeyObject },
  now: Date = new Date(),
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const nonceStr = nonce();
  return {
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Nonce': nonceStr,
    'Wechatpay-Signature': sha256RsaSign(responseMessage(timestamp, nonceStr, body), platform.privateKey),
    'Wechatpay-Serial': platform.serial,
  };
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string | undefined;
  nonce: string;
  original_type?: string | undefined;
}

/** Decrypts a notification resource with the 32-byte APIv3 key; undefined when it does not authenticate. */
export function decryptResource(r: EncryptedResource, apiV3Key: string): string | undefined {
  if (r.algorithm !== 'AEAD_AES_256_GCM') return undefined;
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) return undefined;
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length < 17) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(r.nonce, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined; // wrong key, tampered ciphertext, associated data or nonce
  }
}

/** Encrypts a resource as WeChat Pay does (the fake gateway's side). */
export function encryptResource(
  plaintext: string,
  apiV3Key: string,
  associatedData = 'transaction',
): EncryptedResource {
  const nonceStr = nonce(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonceStr, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: body.toString('base64'),
    associated_data: associatedData,
    nonce: nonceStr,
    original_type: 'transaction',
  };
}
