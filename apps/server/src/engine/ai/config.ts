/**
 * The AI configuration a comment uses (`smart_ai_config`, openapi/schemas/ai/ai-config.yaml), with its API key
 * opened: the key is an `x-secret`, sealed at rest by the generic module (src/kernel/entity-secrets.ts).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index';
import { aiConfig } from '../../db/schema';
import { entitySecretBox, revealSecret } from '../../kernel/entity-secrets';
import type { SecretBox } from '../../kernel/secret-box';

export type AiConfigRow = typeof aiConfig.$inferSelect;

/** Operators' message when a task's configuration is gone (or disabled) and its platform has no default. */
export const AI_CONFIG_MISSING_MSG = 'AI 配置不存在或已停用';

// one box per database: it reads the key from `smart_server_secret` once
const boxes = new WeakMap<Db, SecretBox>();
function boxOf(db: Db): SecretBox {
  let box = boxes.get(db);
  if (!box) {
    box = entitySecretBox(db);
    boxes.set(db, box);
  }
  return box;
}

/** The row with its API key in plain text (a key stored before sealing existed is plain already). */
export async function withPlainApiKey<T extends { apiKey: string }>(db: Db, row: T): Promise<T> {
  return { ...row, apiKey: await revealSecret(boxOf(db), row.apiKey) };
}

/**
 * The enabled configuration a task names (`id`) or, when it names none, the enabled default of the platform (the
 * newest one should two be flagged: ai-config.module.ts clears the others after a write, so two racing writes may
 * leave both), with its key opened. Undefined when there is none (a named one removed or disabled included: the
 * caller reports it rather than silently using another prompt). Only the tenant's own rows.
 */
export async function loadAiCommentConfig(
  db: Db,
  tenantId: string,
  select: { id?: bigint | undefined; platform: string },
): Promise<AiConfigRow | undefined> {
  const live = and(eq(aiConfig.tenantId, tenantId), eq(aiConfig.isDeleted, 0), eq(aiConfig.status, 1));
  const [row] =
    select.id !== undefined
      ? await db
          .select()
          .from(aiConfig)
          .where(and(live, eq(aiConfig.id, select.id)))
          .limit(1)
      : await db
          .select()
          .from(aiConfig)
          .where(and(live, eq(aiConfig.platform, select.platform), eq(aiConfig.isDefault, 1)))
          .orderBy(desc(aiConfig.updateTime), desc(aiConfig.id))
          .limit(1);
  return row ? withPlainApiKey(db, row) : undefined;
}
