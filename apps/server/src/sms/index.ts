/**
 * SMS providers. The built-in `log` provider sends nothing: it writes the message to the server log and records it
 * in `smart_sms_message` (so operators and tests can see what would have been sent). It serves every category of
 * the dictionary `sms` until a real provider (yunpian, qiniu, aliyun, tencent) is plugged in here by category.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index';
import { smsMessage } from '../db/schema';
import { nextId } from '../util';

export interface SmsConfigLike {
  id: bigint;
  tenantId: string;
  category: number;
  smsCode: string;
  templateId: string;
  signName: string;
}

export interface SmsMessage {
  phones: string[];
  params: Record<string, string>;
  /** user id of the caller, for the record */
  userId: bigint | null;
}

export interface SmsProvider {
  readonly name: string;
  /** Resolves to true when the provider accepted the message. */
  send(cfg: SmsConfigLike, msg: SmsMessage): Promise<boolean>;
}

export function logSmsProvider(db: Db, log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'log',
    async send(cfg, msg) {
      log.info(
        {
          sms: {
            provider: 'log',
            tenantId: cfg.tenantId,
            code: cfg.smsCode,
            templateId: cfg.templateId,
            signName: cfg.signName,
            phones: msg.phones,
            params: msg.params,
          },
        },
        'SMS (log provider, not sent)',
      );
      await db.insert(smsMessage).values({
        id: nextId(),
        tenantId: cfg.tenantId,
        smsId: cfg.id,
        smsCode: cfg.smsCode,
        provider: 'log',
        templateId: cfg.templateId,
        signName: cfg.signName,
        phones: msg.phones.join(','),
        params: JSON.stringify(msg.params),
        success: 1,
        createUser: msg.userId,
      });
      return true;
    },
  };
}

/** The provider of a config's category: the log provider for all of them (no real provider is wired yet). */
export function smsProviderFor(_category: number, db: Db, log: FastifyBaseLogger): SmsProvider {
  return logSmsProvider(db, log);
}
