/**
 * The simulated Feishu's custom bots (docs/automation-domain.md §3.3 "Custom bot webhook"), at
 * `/sandbox-feishu/open-apis/bot/v2/hook/<id>`, where a sandboxed server posts the alerts of Feishu webhooks
 * (src/engine/feishu/binding.ts `botHookUrl`). Any hook id is a bot without a secret, except:
 * - `signed…`: a bot with the secret `SANDBOX_BOT_SECRET`: a message without a valid signature, or with a timestamp
 *   more than an hour away, answers 19021 as Feishu does;
 * - `gone…`: a deleted bot (19001, HTTP 404).
 * The last messages are kept and shown on the sandbox's page.
 */
import { botSign, FEISHU_CODES } from '../../engine/feishu/index';
import { SandboxFailure } from './model';

export const SANDBOX_BOT_SECRET = 'sandbox-bot-secret';
const KEEP = 200;

export interface BotMessage {
  hookId: string;
  text: string;
  signed: boolean;
  at: Date;
}

export class SandboxBots {
  /** Oldest first, the last KEEP. */
  readonly messages: BotMessage[] = [];

  receive(hookId: string, body: unknown, now = new Date()): BotMessage {
    if (hookId.startsWith('gone'))
      throw new SandboxFailure(19001, 'param invalid: incoming webhook access token invalid', 404);
    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const content = (typeof b.content === 'object' && b.content !== null ? b.content : {}) as {
      text?: unknown;
    };
    if (b.msg_type !== 'text' || typeof content.text !== 'string' || content.text === '')
      throw new SandboxFailure(9499, 'Bad Request: msg_type text needs content.text', 400);
    const signed = hookId.startsWith('signed');
    if (signed) {
      const ts = Number(b.timestamp);
      const fresh = Number.isInteger(ts) && Math.abs(now.getTime() / 1000 - ts) <= 3600;
      if (!fresh || b.sign !== botSign(ts, SANDBOX_BOT_SECRET))
        throw new SandboxFailure(
          FEISHU_CODES.botSignInvalid,
          'sign match fail or timestamp is not within one hour from current time',
        );
    }
    const message = { hookId, text: content.text, signed, at: now };
    this.messages.push(message);
    if (this.messages.length > KEEP) this.messages.splice(0, this.messages.length - KEEP);
    return message;
  }
}
