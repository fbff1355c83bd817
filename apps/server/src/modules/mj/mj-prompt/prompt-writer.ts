/**
 * Turns the drawn words into a Midjourney prompt through the app's OpenAI-compatible model
 * (docs/automation-domain.md §1.5, §3.2): the words go as the user message, the model answers JSON
 * `{"prompt": …}`. The configuration is the app's own AI configuration, else the tenant's default `mj` one; an app
 * with a LinkAI code or token of its own (mj_app `link_ai_code`, `link_ai_token`) sends those to a LinkAI
 * configuration. The package's retries are off and one call is made: the operator is waiting and can press again.
 */
import OpenAI from 'openai';
import type { AiConfigRow } from '../../../engine/ai/config';
import { classifyCallError, failureMessage } from '../../../engine/ai/errors';
import { BizError } from '../../../util';

/** What the writer needs of a configuration (an `smart_ai_config` row with its key opened). */
export type PromptModelConfig = Pick<
  AiConfigRow,
  'provider' | 'baseUrl' | 'apiKey' | 'model' | 'appCode' | 'systemPrompt' | 'temperature' | 'timeoutMs'
>;

/** The instruction when the configuration has no system prompt of its own. */
export const DEFAULT_MJ_SYSTEM_PROMPT =
  '你是 Midjourney 提示词专家。用户给出一组用逗号分隔的关键词，请把它们写成一条英文的 Midjourney 提示词，' +
  '描述画面主体、场景、光线和风格，不要包含任何以 -- 开头的参数。只输出 JSON：{"prompt": "..."}';

/** The model's answer is JSON, possibly fenced or with text around it; the first object with a prompt wins. */
export function parsePromptAnswer(content: string): string | undefined {
  const candidates = [content.trim(), ...(content.match(/\{[\s\S]*\}/u) ?? [])];
  for (const c of candidates) {
    try {
      const v: unknown = JSON.parse(c.replace(/^```(?:json)?\s*|\s*```$/gu, ''));
      if (v && typeof v === 'object' && typeof (v as { prompt?: unknown }).prompt === 'string') {
        const p = (v as { prompt: string }).prompt.replace(/\s+/gu, ' ').trim();
        if (p) return p;
      }
    } catch {
      // not JSON: the next candidate
    }
  }
  return undefined;
}

export async function writePrompt(config: PromptModelConfig, words: string): Promise<string> {
  if (!config.apiKey.trim()) throw new BizError('未配置 AI 服务的 API 密钥');
  const client = new OpenAI({
    apiKey: config.apiKey.trim(),
    baseURL: config.baseUrl.trim(),
    timeout: config.timeoutMs,
    maxRetries: 0,
    // not read from the environment: these headers would go to a third-party provider
    organization: null,
    project: null,
  });
  const body = {
    model: config.model,
    messages: [
      { role: 'system' as const, content: config.systemPrompt.trim() || DEFAULT_MJ_SYSTEM_PROMPT },
      { role: 'user' as const, content: words },
    ],
    temperature: Number(config.temperature),
    n: 1,
    stream: false as const,
    // LinkAI picks the model of the app this code names (§3.2)
    ...(config.provider === 'linkai' && config.appCode.trim() ? { app_code: config.appCode.trim() } : {}),
  };
  let content: unknown;
  try {
    const completion = await client.chat.completions.create(body);
    content = completion.choices?.[0]?.message?.content;
  } catch (err) {
    throw new BizError(failureMessage(classifyCallError(err)));
  }
  const prompt = typeof content === 'string' ? parsePromptAnswer(content) : undefined;
  if (!prompt) throw new BizError('AI 服务未返回提示词，请检查 AI 配置的提示词设置');
  return prompt;
}
