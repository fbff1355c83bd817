/**
 * A finished drawing's image kept in the tenant's own storage (docs/automation-domain.md §3.9): a proxy answers a
 * link to its CDN (Discord's, for the real Midjourney), which expires, so the server copies the image into the
 * tenant's active object storage (or the local store) before it ends the drawing. The prompt and its image row
 * then point at the copy, the image row keeps the proxy's link as `originUrl`, and the copy is recorded as an
 * attachment like an upload (./drawing.ts `applyTask`, in the transaction that ends the drawing).
 *
 * A copy that cannot be made (the link does not answer an image in time, storage refuses) leaves the proxy's link:
 * the drawing is done either way.
 */
import type { attach } from '../../../db/schema';
import type { Db } from '../../../db/index';
import { imageSize } from '../../../storage/image-size';
import { contentTypeOf, newObjectName, sniffImage, type ImageKind } from '../../../storage/names';
import { tenantStorage } from '../../../storage/tenant-storage';
import type { StoredObject } from '../../../storage/index';
import { nextId } from '../../../util';

/** An image larger than this is not copied (a Midjourney grid is a few MB). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** How long the copy may wait for the proxy's CDN. */
export const FETCH_TIMEOUT_MS = 15_000;

export class KeepImageError extends Error {}

/** A drawing's image as stored. */
export interface KeptImage extends StoredObject {
  kind: ImageKind;
  bytes: number;
  width: number;
  height: number;
}

/** The bytes at `url`, refused when the answer is not a success or is too large. */
async function download(url: string, fetchImpl: typeof fetch): Promise<Buffer> {
  const res = await fetchImpl(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  if (!res.ok) throw new KeepImageError(`the image link answered HTTP ${res.status}`);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_IMAGE_BYTES) throw new KeepImageError(`the image is ${declared} bytes`);
  const data = Buffer.from(await res.arrayBuffer());
  if (data.length === 0 || data.length > MAX_IMAGE_BYTES)
    throw new KeepImageError(`the image is ${data.length} bytes`);
  return data;
}

/**
 * Copies the image at `url` into the storage of `tenantId`; throws KeepImageError (or the storage's error) when it
 * cannot. Nothing is recorded yet: `attachmentOf` is the row the drawing's end inserts.
 */
export async function copyImage(
  db: Db,
  uploadDir: string,
  tenantId: string,
  url: string,
  fetchImpl: typeof fetch = fetch,
): Promise<KeptImage> {
  if (!/^https?:\/\//iu.test(url)) throw new KeepImageError('the image link is not http(s)');
  const data = await download(url, fetchImpl);
  const kind = sniffImage(data);
  if (!kind) throw new KeepImageError('the image link answered something other than an image');
  const storage = await tenantStorage(db, tenantId, uploadDir);
  const stored = await storage.put(newObjectName(kind), data, contentTypeOf(kind));
  if (stored.link.length > 512) throw new KeepImageError('the stored link is longer than the column');
  return { ...stored, kind, bytes: data.length, ...(imageSize(data, kind) ?? { width: 0, height: 0 }) };
}

/** The attachment row of a kept image, owned as the drawing is. */
export function attachmentOf(
  kept: KeptImage,
  owner: {
    tenantId: string;
    createUser: bigint | null;
    createDept: bigint | null;
    updateUser: bigint | null;
  },
  originalName: string,
  now: Date,
): typeof attach.$inferInsert {
  return {
    id: nextId(),
    tenantId: owner.tenantId,
    link: kept.link,
    domain: kept.domain,
    name: kept.name,
    originalName: `${originalName}.${kept.kind}`.slice(0, 500),
    extension: kept.kind,
    attachSize: kept.bytes,
    createUser: owner.createUser,
    createDept: owner.createDept,
    createTime: now,
    updateUser: owner.updateUser,
    updateTime: now,
  };
}
