/**
 * AI configurations (docs/automation-domain.md §2.6: `ai_config`, an OpenAI-compatible provider and its prompts),
 * tenant-owned: the generic module from the contract's `ai_config` declaration (src/crud/define-module.ts; the API
 * key is an x-secret, masked in every answer and sealed at rest by that module), plus what the contract says beyond
 * it (ai-config.yaml, smart-aiConfig/ai_config.yaml):
 * - `maxLength` below `minLength` is refused, on submit and on `updateParam`, whichever of the two is sent;
 * - `isDefault` 1 clears the flag of the tenant's other configurations of the same platform (after the write: two
 *   racing writes may both keep it until the next one, and `getSelect` still lists defaults first);
 * - `updateParam` changes only the generation parameters that are sent;
 * - `getSelect` lists the enabled configurations as options, defaults first.
 */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../../../auth/tokens';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller, NOT_FOUND_MSG } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { aiConfig } from '../../../db/schema';
import { BizError, ok, parseId, str } from '../../../util';

type Body = Record<string, unknown>;
type AiConfigRow = typeof aiConfig.$inferSelect;

export const LENGTHS_MSG = '最多字数不能小于最少字数';
/** The contract's options are at most 1000 (ai-config.yaml AiConfigOptionListEnvelope). */
const MAX_OPTIONS = 1000;
/** What `updateParam` may change (ai-config.yaml AiConfigParamUpdate); provider, URL and key are not among them. */
const PARAMS = [
  'systemPrompt',
  'userPromptTemplate',
  'minLength',
  'maxLength',
  'temperature',
  'maxTokens',
  'timeoutMs',
  'retryTimes',
  'powerCost',
] as const;

/** The limits a write leaves: the sent ones, else the stored ones (else the table's defaults, 5 and 20). */
function checkLengths(values: Body, existing: AiConfigRow | undefined): void {
  const min = typeof values.minLength === 'number' ? values.minLength : (existing?.minLength ?? 5);
  const max = typeof values.maxLength === 'number' ? values.maxLength : (existing?.maxLength ?? 20);
  if (max < min) throw new BizError(LENGTHS_MSG);
}

const stamp = (a: TokenClaims) => ({ updateUser: parseId(a.user_id) ?? null, updateTime: new Date() });

export function aiConfigModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('ai_config'), aiConfig, {
    form: (values, _body, existing) => {
      checkLengths(values, existing);
      return values;
    },
    afterWrite: async (row, _existing, a) => {
      if (row.isDefault !== 1) return;
      await db
        .update(aiConfig)
        .set({ isDefault: 0, ...stamp(a) })
        .where(
          and(
            m.scope(a),
            eq(aiConfig.platform, row.platform),
            eq(aiConfig.isDefault, 1),
            ne(aiConfig.id, row.id),
          ),
        );
    },
  });

  return {
    ...m.handlers,

    /** The sent generation parameters of one configuration; `data` is the whole configuration. */
    async aiConfigUpdateParam(req: FastifyRequest) {
      const a = caller(req);
      const body = req.body as Body;
      const existing = await m.findOwn(a, parseId(str(body.id)));
      const values = Object.fromEntries(PARAMS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
      checkLengths(values, existing);
      const [row] = await db
        .update(aiConfig)
        .set({ ...values, ...stamp(a) })
        .where(and(m.scope(a), eq(aiConfig.id, existing.id)))
        .returning();
      // removed between the read and the write
      if (!row) throw new BizError(NOT_FOUND_MSG);
      return ok(m.toVO(row));
    },

    async aiConfigGetSelect(req: FastifyRequest) {
      const a = caller(req);
      const platform = str((req.query as Body).platform);
      const rows = await db
        .select()
        .from(aiConfig)
        .where(
          and(m.scope(a), eq(aiConfig.status, 1), platform ? eq(aiConfig.platform, platform) : undefined),
        )
        .orderBy(desc(aiConfig.isDefault), asc(aiConfig.configName), asc(aiConfig.id))
        .limit(MAX_OPTIONS);
      return ok(
        rows.map((r) => ({
          id: String(r.id),
          configName: r.configName,
          platform: r.platform,
          provider: r.provider,
          model: r.model,
          isDefault: r.isDefault,
        })),
      );
    },
  };
}
