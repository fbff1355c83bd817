/**
 * The storage provider of a tenant: its active oss config decides. The endpoint `local` (the seeded default) and a
 * tenant without an active config use the local disk store; any http(s) endpoint of the dictionary's providers
 * (minio, qiniu, aliyun, tencent: all speak the S3 API) uses the SigV4 S3 client.
 */
import { BizError } from '../util';
import { localStorage } from './local';
import { s3Storage } from './s3';
import type { StorageProvider } from './types';

export const LOCAL_ENDPOINT = 'local';

export interface OssLike {
  endpoint: string;
  bucketName: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

export const isLocalEndpoint = (endpoint: string): boolean => endpoint.trim() === LOCAL_ENDPOINT;

/** Accepted endpoints: `local`, or an http(s) URL without credentials, query or fragment. */
export function validEndpoint(endpoint: string): boolean {
  if (isLocalEndpoint(endpoint)) return true;
  try {
    const u = new URL(endpoint);
    return (
      (u.protocol === 'http:' || u.protocol === 'https:') &&
      !u.username &&
      !u.password &&
      !u.search &&
      !u.hash
    );
  } catch {
    return false;
  }
}

export const BAD_ENDPOINT_MSG = '对象存储地址无效: 请填写 http(s) 地址, 或 local 表示本地存储';

export function storageFor(cfg: OssLike | undefined, uploadDir: string, tenantId: string): StorageProvider {
  if (!cfg || isLocalEndpoint(cfg.endpoint)) return localStorage(uploadDir, tenantId);
  if (!validEndpoint(cfg.endpoint)) throw new BizError(BAD_ENDPOINT_MSG);
  return s3Storage({
    endpoint: cfg.endpoint,
    bucket: cfg.bucketName,
    accessKey: cfg.accessKey,
    secretKey: cfg.secretKey,
    region: cfg.region,
  });
}

export type { StorageProvider, StoredObject } from './types';
