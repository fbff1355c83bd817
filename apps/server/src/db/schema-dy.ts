/**
 * Douyin automation tables (docs/automation-domain.md §2). Tenant-owned; `yd_user_id` null = shared by the tenant.
 */
import { bigint, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns';

/**
 * Phrases (常用语) the robots draw at random by weight (patterns.yaml CommonFields): `use_count` and
 * `last_used_time` are the engine's, counted when a run uses the phrase.
 */
export const dyCommon = pgTable(
  'smart_dy_common',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    category: varchar('category', { length: 32 }).notNull().default(''),
    content: varchar('content', { length: 255 }).notNull(),
    weight: integer('weight').notNull().default(1),
    useCount: integer('use_count').notNull().default(0),
    lastUsedTime: ts('last_used_time'),
    sort: integer('sort').notNull().default(0),
    ...audit(),
  },
  (t) => [index('smart_dy_common_tenant_idx').on(t.tenantId, t.ydUserId)],
);
