/**
 * Where a tenant's external accounts come from: its Yingdao credentials (`yingdao_auth`, the customer's own row
 * first, then the tenant's shared one) and its AI configuration (`ai_config`). With the engine's sandbox on
 * (`ENGINE_SANDBOX=1`, npm start), a tenant without them is pointed at the simulated Yingdao and chat model this
 * server mounts (src/sandbox), so that a new user can run a task end to end; a tenant's real credentials always
 * win over the sandbox.
 */
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import { yingdaoAuth } from '../db/schema';
import { BizError } from '../util';
import { AiCommentError, generateComment, loadAiCommentConfig } from './ai/index';
import type { CommentWriter } from './robot-api/robot-api';
import type { YingdaoBinding, YingdaoResolver } from './runs/yingdao-port';
import { memoryTokenStore, YingdaoClient, yingdaoClientForAuth } from './yingdao/index';

/** The simulated Yingdao's keys and app ids (src/sandbox/yingdao). */
export const SANDBOX_YINGDAO = { prefix: '/sandbox-yingdao', accessKeySecret: 'sandbox-secret' } as const;
export const SANDBOX_LLM = {
  prefix: '/sandbox-llm/v1',
  apiKey: 'sk-sandbox',
  model: 'sandbox-chat',
} as const;

function port(client: YingdaoClient): YingdaoBinding['client'] {
  return {
    startJob: (job) =>
      client.startJob({
        ...job,
        priority: job.priority === 'high' || job.priority === 'low' ? job.priority : 'middle',
      }),
    async queryJob(jobUuid) {
      const j = await client.queryJob(jobUuid);
      return { ...j, outputs: j.robotParams.outputs };
    },
    stopJob: (jobUuid) => client.stopJob(jobUuid),
  };
}

export function yingdaoResolver(db: Db, sandboxBase: (() => string) | undefined): YingdaoResolver {
  const sandboxClients = new Map<string, YingdaoBinding>();
  return async (tenantId, ydUserId) => {
    const owner = ydUserId
      ? or(eq(yingdaoAuth.ydUserId, ydUserId), isNull(yingdaoAuth.ydUserId))
      : isNull(yingdaoAuth.ydUserId);
    const [row] = await db
      .select()
      .from(yingdaoAuth)
      .where(
        and(
          eq(yingdaoAuth.tenantId, tenantId),
          eq(yingdaoAuth.isDeleted, 0),
          eq(yingdaoAuth.status, 1),
          owner,
        ),
      )
      // the customer's own credentials before the tenant's shared ones
      .orderBy(sql`${yingdaoAuth.ydUserId} is null`, asc(yingdaoAuth.id))
      .limit(1);
    if (row) {
      const client = await yingdaoClientForAuth(db, row);
      const apps = row.appMap ?? {};
      return { client: port(client), appFor: (taskType) => apps[taskType] ?? '' };
    }
    if (!sandboxBase) return undefined;
    let b = sandboxClients.get(tenantId);
    if (!b) {
      const client = new YingdaoClient({
        baseUrl: `${sandboxBase()}${SANDBOX_YINGDAO.prefix}`,
        accessKeyId: `sandbox-${tenantId}`,
        accessKeySecret: SANDBOX_YINGDAO.accessKeySecret,
        tokenStore: memoryTokenStore(),
      });
      b = { client: port(client), appFor: (taskType) => `sandbox-app-${taskType}` };
      sandboxClients.set(tenantId, b);
    }
    return b;
  };
}

export function commentWriter(db: Db, sandboxBase: (() => string) | undefined): CommentWriter {
  return async (tenantId, aiConfigId, input) => {
    let config = await loadAiCommentConfig(db, tenantId, {
      id: aiConfigId ?? undefined,
      platform: input.platform,
    });
    if (!config && aiConfigId === null && sandboxBase) {
      config = sandboxAiConfig(`${sandboxBase()}${SANDBOX_LLM.prefix}`);
    }
    if (!config) throw new BizError('AI 配置不存在或已停用');
    try {
      const r = await generateComment(config, input);
      return { content: r.content, powerCost: config.powerCost };
    } catch (e) {
      if (e instanceof AiCommentError) throw new BizError(e.message);
      throw e;
    }
  };
}

/** The configuration a tenant without one uses against the simulated model. */
export function sandboxAiConfig(baseUrl: string) {
  return {
    provider: 'openai',
    baseUrl,
    apiKey: SANDBOX_LLM.apiKey,
    model: SANDBOX_LLM.model,
    appCode: '',
    systemPrompt: '',
    userPromptTemplate: '',
    minLength: 5,
    maxLength: 20,
    temperature: 0.7,
    maxTokens: 256,
    timeoutMs: 15000,
    retryTimes: 2,
    powerCost: 1,
  } as Awaited<ReturnType<typeof loadAiCommentConfig>> & object;
}
