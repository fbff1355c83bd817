// The contract's x-secret properties (src/kernel/entity-secrets.ts), through the declared image-app config whose
// result mail carries an SMTP password (mj-app-config.yaml): masked in every answer, encrypted in the database,
// kept when the mask comes back.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mjjAppConfig } from '../db/schema';
import { expectContract } from '../test/contract';
import { authHeaders, backends, login, startTestServer, type TestServer } from '../test/harness';
import { entitySecretBox, maskSecret, revealSecret } from './entity-secrets';

const P = '/api/smart-mj/mjjAppConfig';

describe('maskSecret', () => {
  it('shows at most four characters and never more than half', () => {
    expect(maskSecret('')).toBe('');
    expect(maskSecret('sk-abcdefgh')).toBe('sk-a****');
    expect(maskSecret('abc')).toBe('a****');
    expect(maskSecret('x')).toBe('****');
  });
});

describe.each(backends)('x-secret properties on %s', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    token = (await login(s.app)).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, op: string, payload?: object) => {
    const res = await s.app.inject({
      method,
      url,
      headers: authHeaders(token),
      ...(payload ? { payload } : {}),
    });
    expectContract(res, op);
    return res.json() as {
      code: number;
      data: Record<string, unknown> & { records?: Record<string, unknown>[] };
    };
  };
  const mail = (smtpPassword: string) => ({
    mailSender: 'mj@example.com',
    mailSenderName: 'MJ',
    mailRecipient: 'ops@example.com',
    mailSubject: 'done',
    mailBody: '<p>ok</p>',
    smtpServer: 'smtp.example.com:465',
    smtpUsername: 'mj@example.com',
    smtpPassword,
  });
  const stored = async (id: string) =>
    (
      await s.handle.db
        .select()
        .from(mjjAppConfig)
        .where(eq(mjjAppConfig.id, BigInt(id)))
    )[0]!.emailConfig as Record<string, string>;

  it('answers the mask, stores the secret encrypted, keeps it when the mask comes back', async () => {
    const secret = `Sup3r-${Date.now()}`;
    const body = { appId: '1790000000000000101', emailConfig: mail(secret), folder: 'D:\\mj', remark: '' };
    expect((await call('POST', `${P}/submit`, 'mjjAppConfigSubmit', body)).code).toBe(200);
    const list = await call('GET', `${P}/list?size=100`, 'mjjAppConfigList');
    const row = list.data.records!.find((r) => JSON.stringify(r).includes('Sup3'))!;
    expect((row.emailConfig as Record<string, string>).smtpPassword).toBe('Sup3****');
    const id = String(row.id);
    const read = await call('GET', `${P}/detail?id=${id}`, 'mjjAppConfigDetail');
    expect((read.data.emailConfig as Record<string, string>).smtpPassword).toBe('Sup3****');
    expect(JSON.stringify(read.data)).not.toContain(secret);

    // at rest: neither the secret nor a readable form of it
    const box = entitySecretBox(s.handle.db);
    const atRest = (await stored(id)).smtpPassword!;
    expect(atRest.startsWith('s1.')).toBe(true);
    expect(atRest).not.toContain(secret);
    expect(await revealSecret(box, atRest)).toBe(secret);

    // the edit form sends the mask back: the secret stays; the other fields change
    const update = { ...body, id, emailConfig: { ...mail('Sup3****'), mailSubject: 'again' } };
    expect((await call('POST', `${P}/submit`, 'mjjAppConfigSubmit', update)).code).toBe(200);
    expect(await revealSecret(box, (await stored(id)).smtpPassword!)).toBe(secret);
    expect((await stored(id)).mailSubject).toBe('again');

    // a new value replaces it; an empty one clears it
    await call('POST', `${P}/submit`, 'mjjAppConfigSubmit', { ...body, id, emailConfig: mail('n3w-pass') });
    expect(await revealSecret(box, (await stored(id)).smtpPassword!)).toBe('n3w-pass');
    await call('POST', `${P}/submit`, 'mjjAppConfigSubmit', { ...body, id, emailConfig: mail('') });
    expect((await stored(id)).smtpPassword).toBe('');
  });
});
