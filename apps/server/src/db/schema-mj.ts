/**
 * Image generation tables (docs/automation-domain.md §2). Tenant-owned.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns';

/**
 * Apps (contract tag `mj_app`, src/modules/mj/mj-app): `status` 1 enabled, 0 disabled. The LinkAI token is an
 * x-secret (src/kernel/entity-secrets.ts), stored sealed: `text`, since the sealed form is longer than the token.
 * The partial unique index settles concurrent submits of one app code.
 */
export const mjApp = pgTable(
  'smart_mj_app',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    appName: varchar('app_name', { length: 64 }).notNull().default(''),
    appCode: varchar('app_code', { length: 64 }).notNull(),
    linkAiCode: varchar('link_ai_code', { length: 64 }).notNull().default(''),
    linkAiToken: text('link_ai_token').notNull().default(''),
    aiConfigId: bigint('ai_config_id', { mode: 'bigint' }),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    uniqueIndex('smart_mj_app_code_uq')
      .on(t.tenantId, t.appCode)
      .where(sql`is_deleted = 0`),
    index('smart_mj_app_tenant_idx').on(t.tenantId, t.createTime),
  ],
);

/** App settings (contract tag `mjjAppConfig`, served as declared: src/modules/plain-entities.ts). */
export const mjjAppConfig = pgTable(
  'smart_mjj_app_config',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    appId: bigint('app_id', { mode: 'bigint' }),
    emailConfig: jsonb('email_config').notNull().default({}),
    folder: varchar('folder', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    appName: varchar('app_name', { length: 64 }).notNull().default(''),
    ...audit(),
  },
  (t) => [index('smart_mjj_app_config_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Phrase expansions (contract tag `mj_phrase_expand`, served as declared: src/modules/plain-entities.ts). */
export const mjPhraseExpand = pgTable(
  'smart_mj_phrase_expand',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    phraseId: bigint('phrase_id', { mode: 'bigint' }),
    mainId: bigint('main_id', { mode: 'bigint' }),
    dictbizId: varchar('dictbiz_id', { length: 500 }).notNull().default(''),
    minNum: integer('min_num').notNull().default(0),
    maxNum: integer('max_num').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    phraseName: varchar('phrase_name', { length: 64 }).notNull().default(''),
    ...audit(),
  },
  (t) => [index('smart_mj_phrase_expand_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Prompts (contract tag `mj_prompt`, served as declared: src/modules/plain-entities.ts). */
export const mjPrompt = pgTable(
  'smart_mj_prompt',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    appId: bigint('app_id', { mode: 'bigint' }),
    phraseId: bigint('phrase_id', { mode: 'bigint' }),
    prompt: text('prompt').notNull().default(''),
    promptOrigin: text('prompt_origin').notNull().default(''),
    phraseSuffix: varchar('phrase_suffix', { length: 255 }).notNull().default(''),
    mjTaskId: varchar('mj_task_id', { length: 32 }).notNull().default(''),
    mjStatus: varchar('mj_status', { length: 16 }).notNull().default(''),
    mjProgress: varchar('mj_progress', { length: 8 }).notNull().default(''),
    mjAction: varchar('mj_action', { length: 16 }).notNull().default(''),
    mjIndex: integer('mj_index').notNull().default(0),
    parentId: bigint('parent_id', { mode: 'bigint' }),
    mjFailReason: varchar('mj_fail_reason', { length: 500 }).notNull().default(''),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    power: integer('power').notNull().default(0),
    /** When the proxy was last heard of for this drawing (a notification or a read): the sweep reads stale ones. */
    mjSeenTime: ts('mj_seen_time'),
    imageUrl: varchar('image_url', { length: 512 }).notNull().default(''),
    imgId: bigint('img_id', { mode: 'bigint' }),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    index('smart_mj_prompt_tenant_idx').on(t.tenantId, t.createTime),
    // the notify hook and the sweep find a drawing by its proxy task
    index('smart_mj_prompt_task_idx').on(t.mjTaskId),
  ],
);

/** Public prompts (contract tag `openly_prompt`, served as declared: src/modules/plain-entities.ts). */
export const openlyPrompt = pgTable(
  'smart_openly_prompt',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    title: varchar('title', { length: 64 }).notNull().default(''),
    prompt: text('prompt').notNull().default(''),
    promptEn: text('prompt_en').notNull().default(''),
    category: varchar('category', { length: 32 }).notNull().default(''),
    tags: varchar('tags', { length: 255 }).notNull().default(''),
    coverImgId: bigint('cover_img_id', { mode: 'bigint' }),
    coverUrl: varchar('cover_url', { length: 512 }).notNull().default(''),
    sourcePromptId: bigint('source_prompt_id', { mode: 'bigint' }),
    authorUserId: bigint('author_user_id', { mode: 'bigint' }),
    publishStatus: integer('publish_status').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    likeCount: integer('like_count').notNull().default(0),
    useCount: integer('use_count').notNull().default(0),
    ...audit(),
  },
  (t) => [index('smart_openly_prompt_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Images (contract tag `img`, served as declared: src/modules/plain-entities.ts). */
export const img = pgTable(
  'smart_img',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    url: varchar('url', { length: 512 }).notNull().default(''),
    ossKey: varchar('oss_key', { length: 255 }).notNull().default(''),
    bucket: varchar('bucket', { length: 64 }).notNull().default(''),
    originUrl: varchar('origin_url', { length: 512 }).notNull().default(''),
    bizType: varchar('biz_type', { length: 16 }).notNull().default('MJ_TASK'),
    bizId: varchar('biz_id', { length: 64 }).notNull().default(''),
    mjTaskId: varchar('mj_task_id', { length: 32 }).notNull().default(''),
    mimeType: varchar('mime_type', { length: 32 }).notNull().default(''),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    sizeBytes: integer('size_bytes').notNull().default(0),
    md5: varchar('md5', { length: 32 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...audit(),
  },
  (t) => [index('smart_img_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Phrase library (contract tag `mj_phrase`, served as declared: src/modules/plain-entities.ts). */
export const mjPhrase = pgTable(
  'smart_mj_phrase',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    appId: bigint('app_id', { mode: 'bigint' }),
    phraseName: varchar('phrase_name', { length: 64 }).notNull().default(''),
    phraseSuffix: varchar('phrase_suffix', { length: 255 }).notNull().default(''),
    isPicture: integer('is_picture').notNull().default(1),
    pictureUrl: text('picture_url').notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    appName: varchar('app_name', { length: 64 }).notNull().default(''),
    ...audit(),
  },
  (t) => [index('smart_mj_phrase_tenant_idx').on(t.tenantId, t.createTime)],
);
