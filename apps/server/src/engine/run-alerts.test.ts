// A customer's Feishu bot hears of the runs that need an operator (src/engine/feishu/run-alerts.ts; contract
// yd-user-info.yaml feishuWebhook, feishuSecret): a run that failed on a captcha, the account that then needs
// verification, a run that could not start. On a sandboxed server Feishu's webhooks reach the simulated Feishu, whose
// signed bot checks each message's signature; a bot that refuses changes nothing of the run.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dyArr, dyBrowse, dyBroweLogGroup, ydUserInfo } from '../db/schema';
import { feishuSandboxOf } from '../sandbox/feishu/index';
import { SANDBOX_BOT_SECRET } from '../sandbox/feishu/bots';
import { backends, contractCall, login, startSandboxedServer, type TestServer } from '../test/harness';
import { until } from '../test/until';

const PW = 'e10adc3949ba59abbe56e057f20f883e';
const HOOK = 'https://open.feishu.cn/open-apis/bot/v2/hook';

describe.each(backends)('run alerts on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startSandboxedServer(kind);
    admin = (await login(s.app)).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const db = () => s.handle.db;
  const bots = () => feishuSandboxOf(s.app)!.bots;
  let seq = 0;

  /** A customer whose profile names the bot; its id. */
  async function customer(webhook: string, secret = '') {
    const account = `alert_${kind}_${++seq}`;
    const made = await call<{ id: string }>(
      'POST',
      '/api/smart-yingdao/yd_user/submit',
      'ydUserSubmit',
      admin,
      {
        account,
        source: 1,
        password: PW,
      },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const [profile] = await db()
      .select()
      .from(ydUserInfo)
      .where(eq(ydUserInfo.ydUserId, BigInt(made.body.data.id)));
    const saved = await call<{ feishuSecret: string }>(
      'POST',
      '/api/smart-yingdao/yd_user_info/submit',
      'ydUserInfoSubmit',
      admin,
      {
        id: String(profile!.id),
        ydUserId: made.body.data.id,
        memberLevel: 0,
        feishuWebhook: webhook,
        feishuSecret: secret,
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return { id: made.body.data.id, secretShown: saved.body.data.feishuSecret };
  }

  async function browseTask(ydUserId: string, robot: string) {
    const arrName = `告警账号-${kind}-${++seq}`;
    await call('POST', '/api/smart-dy/dy_arr/submit', 'dyArrSubmit', admin, { arrName, robotAccount: robot });
    const unit = (await db().select().from(dyArr).where(eq(dyArr.arrName, arrName)))[0]!.id;
    const taskName = `告警任务-${kind}-${seq}`;
    const res = await call('POST', '/api/smart-dy/dy_browse/submit', 'dyBrowseSubmit', admin, {
      taskName,
      ydUserId,
      arrIds: String(unit),
      robotUuid: 'sandbox-app-dy_browse',
      browseMode: 1,
      browseCount: 5,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = (await db().select().from(dyBrowse).where(eq(dyBrowse.taskName, taskName)))[0]!.id;
    return { id, taskName, unit };
  }

  const trigger = (id: bigint) =>
    call<{ runs: { runId: string; runStatus: string }[] }>(
      'POST',
      '/api/smart-dy/dy_browse/triggerJob',
      'dyBrowseTriggerJob',
      admin,
      { id: String(id), force: true },
    );
  const heard = (taskName: string) => bots().messages.filter((m) => m.text.includes(taskName));

  it('tells the signed bot of a run failed on a captcha and of the account that needs verification', async () => {
    const c = await customer(`${HOOK}/signed-ops-${kind}`, SANDBOX_BOT_SECRET);
    // the secret is sealed and masked, as every x-secret property
    expect(c.secretShown).toBe('sand****');
    const t = await browseTask(c.id, 'sim-captcha@sandbox');
    const run = (await trigger(t.id)).body.data.runs[0]!;
    expect(run.runStatus).toBe('WAITING');
    const ended = await until(
      async () =>
        (
          await db()
            .select()
            .from(dyBroweLogGroup)
            .where(eq(dyBroweLogGroup.id, BigInt(run.runId)))
        )[0]!,
      (g) => g.runStatus === 'FAILED',
    );
    expect(ended.runStatus).toBe('FAILED');
    const messages = await until(
      async () => heard(t.taskName),
      (m) => m.length >= 2,
    );
    expect(messages.every((m) => m.signed && m.hookId === `signed-ops-${kind}`)).toBe(true);
    const texts = messages.map((m) => m.text).join('\n---\n');
    expect(texts).toContain(`【账号需要验证】执行账号 sim-captcha@sandbox 在抖音浏览任务「${t.taskName}」`);
    expect(texts).toContain(
      `【运行告警】抖音浏览任务「${t.taskName}」的执行账号 sim-captcha@sandbox 运行失败：出现滑块验证`,
    );
    expect(texts).toContain(`运行批次 ${run.runId}`);
  });

  it('tells a bot without a secret of a run that could not start; a refusing bot changes nothing', async () => {
    const c = await customer(`${HOOK}/plain-${kind}`);
    const t = await browseTask(c.id, 'ghost@sandbox');
    const run = (await trigger(t.id)).body.data.runs[0]!;
    expect(run.runStatus).toBe('START_FAILED');
    const [m] = await until(
      async () => heard(t.taskName),
      (x) => x.length >= 1,
    );
    expect(m).toMatchObject({ hookId: `plain-${kind}`, signed: false });
    expect(m!.text).toContain('启动失败：影刀任务启动失败');

    // a deleted bot: the run is as it would be, the alert is only logged
    const gone = await customer(`${HOOK}/gone-${kind}`);
    const g = await browseTask(gone.id, 'ghost@sandbox');
    const refused = (await trigger(g.id)).body.data.runs[0]!;
    expect(refused.runStatus).toBe('START_FAILED');
    await new Promise((r) => setTimeout(r, 300));
    expect(heard(g.taskName)).toEqual([]);
  });

  it('refuses a webhook that is not a Feishu or Lark bot', async () => {
    const [profile] = await db().select().from(ydUserInfo).limit(1);
    const res = await call('POST', '/api/smart-yingdao/yd_user_info/submit', 'ydUserInfoSubmit', admin, {
      id: String(profile!.id),
      ydUserId: String(profile!.ydUserId),
      memberLevel: 0,
      feishuWebhook: 'http://127.0.0.1:5432/hook',
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('飞书');
  });
});
