/**
 * A tenant's storage: its active object-storage config (`oss` with status 2, src/kernel/active-config.ts) decides the
 * provider, else the local disk store (src/storage/index.ts `storageFor`).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { oss } from '../db/schema';
import { storageFor, type StorageProvider } from './index';

/** The tenant's active config, if any. */
export async function activeOss(db: Db, tenantId: string): Promise<typeof oss.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(oss)
    .where(and(eq(oss.tenantId, tenantId), eq(oss.isDeleted, 0), eq(oss.status, 2)))
    .limit(1);
  return row;
}

/** Where the tenant's files go now. */
export async function tenantStorage(db: Db, tenantId: string, uploadDir: string): Promise<StorageProvider> {
  return storageFor(await activeOss(db, tenantId), uploadDir, tenantId);
}
