/**
 * S3-compatible store: path-style `PUT <endpoint>/<bucket>/<name>` signed with SigV4 (sigv4.ts); objects are never deleted (attachments keep their files). The region is the
 * config's `region`, `us-east-1` when empty (what minio expects by default).
 */
import { BizError } from '../util';
import { amzDates, sha256Hex, sign, uriEncode } from './sigv4';
import type { StorageProvider, StoredObject } from './types';

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

export const UPLOAD_FAILED_MSG = '文件上传失败';
const TIMEOUT_MS = 15_000;

export function s3Storage(cfg: S3Config): StorageProvider {
  const base = new URL(cfg.endpoint);
  const basePath = base.pathname.replace(/\/+$/, '');
  const region = cfg.region || 'us-east-1';
  const domain = `${base.origin}${basePath}/${cfg.bucket}`;
  const objectPath = (name: string) =>
    `${basePath}/${uriEncode(cfg.bucket)}/${name.split('/').map(uriEncode).join('/')}`;

  async function send(method: 'PUT', name: string, data: Buffer, contentType: string) {
    const p = objectPath(name);
    const payloadHash = sha256Hex(data);
    const headers: Record<string, string> = {
      host: base.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDates(new Date()).amzDate,
      'content-type': contentType,
    };
    const { authorization } = sign({
      method,
      path: p,
      headers,
      payloadHash,
      accessKey: cfg.accessKey,
      secretKey: cfg.secretKey,
      region,
      service: 's3',
      amzDate: headers['x-amz-date']!,
    });
    const { host: _host, ...sent } = headers; // fetch sets Host from the URL (same value)
    return fetch(`${base.origin}${p}`, {
      method,
      headers: { ...sent, authorization },
      body: data,
      // a redirect would send the signed upload elsewhere: treat it as a failure
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }

  return {
    kind: 's3',
    async put(name: string, data: Buffer, contentType: string): Promise<StoredObject> {
      let res: Response;
      try {
        res = await send('PUT', name, data, contentType);
      } catch {
        throw new BizError(UPLOAD_FAILED_MSG);
      }
      await res.body?.cancel();
      if (!res.ok) throw new BizError(`${UPLOAD_FAILED_MSG}: HTTP ${res.status}`);
      return { link: `${domain}/${name}`, domain, name };
    },
  };
}
