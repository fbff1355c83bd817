/**
 * Delivery settings of mj apps (contract tag `mjjAppConfig`) and the mails they send: the generic module from the
 * contract's declaration, whose save refuses mail settings that could not be used (an SMTP server and a recipient
 * make the app mail its drawings: src/modules/mj/mj-mail), plus `testEmail`; and the e-mail log's `retry`
 * (contract tag `send_email_log`), which sends a failed mail again through its app's current settings.
 */
import type { FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { mjjAppConfig, sendEmailLog } from '../../../db/schema';
import { retryEmailLog, sendLoggedEmail } from '../../../mail/send-email';
import { parseEmailSettings } from '../../../mail/smtp-settings';
import { BizError, ok, parseId } from '../../../util';
import { appConfigOf, mailSettingsOf, wantsMail } from '../mj-mail/app-mail';

/** The subject of a test mail: the configured one, marked. */
const testSubject = (subject: string) => `【测试】${subject || '绘图结果'}`;

export function mjAppConfigModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('mjjAppConfig'), mjjAppConfig, {
    form: (values) => {
      // settings that mail (a server and a recipient) must name a usable server and addresses; the account may be
      // cleared meanwhile (a masked password stands for the stored one), a send then logs why it failed
      const row = { emailConfig: values.emailConfig } as typeof mjjAppConfig.$inferSelect;
      if (values.emailConfig !== undefined && wantsMail(row)) {
        const c = values.emailConfig as Record<string, unknown>;
        parseEmailSettings({
          ...c,
          smtpUsername: c.smtpUsername || '-',
          smtpPassword: c.smtpPassword || '-',
        });
      }
      return values;
    },
  });
  const logs = defineCrudModule(db, entities.get('send_email_log'), sendEmailLog);

  return {
    ...m.handlers,
    ...logs.handlers,

    async mjjAppConfigTestEmail(req: FastifyRequest) {
      const a = caller(req);
      const config = await m.findOwn(a, parseId((req.query as { id: string }).id));
      if (!wantsMail(config)) throw new BizError('邮件配置不完整：缺少 SMTP 服务器');
      const settings = await mailSettingsOf(db, config);
      const row = await sendLoggedEmail(db, {
        tenantId: a.tenant_id,
        bizType: 'OTHER',
        bizId: String(config.id),
        appId: config.appId,
        settings,
        subject: testSubject(settings.subject),
        html: settings.body || '<p>测试邮件</p>',
        createUser: parseId(a.user_id) ?? null,
      });
      return ok(logs.toVO(row));
    },

    async sendEmailLogRetry(req: FastifyRequest) {
      const a = caller(req);
      const log = await logs.findOwn(a, parseId((req.query as { id: string }).id));
      const config = log.appId === null ? undefined : await appConfigOf(db, a.tenant_id, log.appId);
      if (!config || !wantsMail(config)) throw new BizError('该邮件的应用没有可用的邮件配置');
      const settings = await mailSettingsOf(db, config);
      const row = await retryEmailLog(db, a.tenant_id, log.id, settings, {
        updateUser: parseId(a.user_id) ?? null,
      });
      return ok(logs.toVO(row));
    },
  };
}
