/**
 * The sandbox mailbox (./index.ts, ./pages.ts): what nodemailer sends arrives parsed (encoded subject and display
 * name decoded, HTML, attachments), AUTH refusals with 535, forced codes at their stage, the 200-message cap, and
 * pages that escape what a message carries and run none of its code.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSandboxSmtp, SINK_CAPACITY, startSmtpSink, type SmtpSink } from './index';
import { registerSmtpSinkRoutes, safeBody } from './pages';

describe('sandbox SMTP sink', () => {
  let sink: SmtpSink;
  let app: FastifyInstance;

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = Fastify();
    registerSmtpSinkRoutes(app, sink);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  const transport = (user = 'mj@example.com', pass = 'secret', pool = false) =>
    nodemailer.createTransport({
      host: sink.host,
      port: sink.port,
      secure: false,
      ignoreTLS: true,
      auth: { user, pass },
      ...(pool ? { pool: true, maxMessages: Infinity } : {}),
    });

  const send = async (opts: {
    user?: string;
    pass?: string;
    to?: string;
    subject?: string;
    html?: string;
  }) => {
    const t = transport(opts.user, opts.pass);
    try {
      return await t.sendMail({
        from: { name: 'MJ 绘图', address: 'mj@example.com' },
        to: opts.to ?? 'ops@example.com',
        subject: opts.subject ?? '今日配图已生成',
        html: opts.html ?? '<p>图片见附件</p>',
      });
    } finally {
      t.close();
    }
  };

  it('listens on 127.0.0.1 and knows loopback hosts', () => {
    expect(sink.host).toBe('127.0.0.1');
    expect(sink.port).toBeGreaterThan(0);
    for (const h of ['127.0.0.1', 'localhost', '::1', '[::1]']) expect(isSandboxSmtp(h)).toBe(true);
    for (const h of ['smtp.qq.com', '10.0.0.1', '192.168.1.2']) expect(isSandboxSmtp(h)).toBe(false);
  });

  it('stores a message parsed, newest first', async () => {
    const t = transport('mj@example.com', 'secret');
    try {
      await t.sendMail({
        from: { name: 'MJ 绘图', address: 'mj@example.com' },
        to: ['ops@example.com', 'boss@example.com'],
        bcc: 'audit@example.com',
        subject: '今日配图已生成 ✓',
        html: '<p>图片见<b>附件</b></p>',
        text: '图片见附件',
        attachments: [
          { filename: '封面.png', content: Buffer.alloc(1234, 7), contentType: 'image/png' },
          { filename: 'note.txt', content: 'hello' },
        ],
      });
    } finally {
      t.close();
    }
    const m = sink.messages()[0]!;
    expect(m.subject).toBe('今日配图已生成 ✓');
    expect(m.fromName).toBe('MJ 绘图');
    expect(m.fromAddress).toBe('mj@example.com');
    expect(m.from).toContain('MJ 绘图');
    expect(m.to).toEqual(['ops@example.com', 'boss@example.com', 'audit@example.com']);
    expect(m.user).toBe('mj@example.com');
    expect(m.html).toContain('<b>附件</b>');
    expect(m.text).toContain('图片见附件');
    expect(m.attachments).toEqual([
      { filename: '封面.png', contentType: 'image/png', size: 1234 },
      { filename: 'note.txt', contentType: 'text/plain', size: 5 },
    ]);
    expect(sink.message(m.id)).toBe(m);
    expect(m.receivedAt).toBeInstanceOf(Date);

    await send({ subject: 'second' });
    expect(sink.messages()[0]!.subject).toBe('second');
    expect(sink.messages()[1]!.id).toBe(m.id);
  });

  it('refuses the password `wrong` and users starting sandbox-535 with 535', async () => {
    const before = sink.messages().length;
    await expect(send({ pass: 'wrong' })).rejects.toMatchObject({ code: 'EAUTH', responseCode: 535 });
    await expect(send({ user: 'sandbox-535@example.com' })).rejects.toMatchObject({ responseCode: 535 });
    sink.failNext(535, 1);
    await expect(send({})).rejects.toMatchObject({ responseCode: 535 });
    expect(sink.messages().length).toBe(before);
    await expect(send({})).resolves.toMatchObject({ accepted: ['ops@example.com'] });
  });

  it('answers a forced code to the next N commands of its stage', async () => {
    sink.failNext(421, 2);
    await expect(send({})).rejects.toMatchObject({ responseCode: 421, command: 'MAIL FROM' });
    await expect(send({})).rejects.toMatchObject({ responseCode: 421 });
    await expect(send({ subject: 'third' })).resolves.toBeTruthy();
    expect(sink.messages()[0]!.subject).toBe('third');

    sink.failNext(554, 1);
    await expect(send({ subject: 'spam' })).rejects.toMatchObject({ responseCode: 554 });
    expect(sink.messages()[0]!.subject).toBe('third');

    await expect(send({ to: 'sandbox-550@example.com' })).rejects.toMatchObject({ responseCode: 550 });
    sink.failNext(450, 1, 'RCPT');
    await expect(send({})).rejects.toMatchObject({ responseCode: 450 });
    expect(() => sink.failNext(250, 1)).toThrow();
  });

  it('keeps the newest 200 messages', async () => {
    const t = transport('bulk@example.com', 'secret', true);
    try {
      for (let i = 0; i < SINK_CAPACITY + 5; i++)
        await t.sendMail({
          from: 'bulk@example.com',
          to: 'ops@example.com',
          subject: `bulk ${i}`,
          text: 'x',
        });
    } finally {
      t.close();
    }
    expect(sink.messages().length).toBe(SINK_CAPACITY);
    expect(sink.messages()[0]!.subject).toBe(`bulk ${SINK_CAPACITY + 4}`);
    expect(sink.messages()[SINK_CAPACITY - 1]!.subject).toBe('bulk 5');
  });

  it('shows messages with everything escaped and no script of theirs', async () => {
    await send({
      subject: '<script>alert("subject")</script>',
      to: 'ops@example.com',
      html: '<p onclick="alert(1)">hi <b>there</b></p><script>alert("body")</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://evil.example"></iframe>',
    });
    const m = sink.messages()[0]!;

    const list = await app.inject({ method: 'GET', url: '/sandbox-mail/' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain('沙箱邮箱 · 邮件未真正发出 / Sandbox mailbox — nothing was delivered');
    expect(list.body).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    expect(list.body).not.toContain('<script');
    expect(list.body).toContain(`href="/sandbox-mail/${m.id}"`);
    expect(list.body.indexOf('&lt;script&gt;')).toBeLessThan(list.body.indexOf('bulk '));
    expect(String(list.headers['content-security-policy'])).toContain("default-src 'none'");
    expect((await app.inject({ method: 'GET', url: '/sandbox-mail' })).statusCode).toBe(200);

    const page = await app.inject({ method: 'GET', url: `/sandbox-mail/${m.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('沙箱邮箱 · 邮件未真正发出');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain('<iframe sandbox="allow-popups allow-popups-to-escape-sandbox"');
    // the body is inside the srcdoc attribute, cleaned, then escaped once
    const srcdoc = /srcdoc="([^"]*)"/.exec(page.body)?.[1] ?? '';
    expect(srcdoc).toContain('&lt;b&gt;there&lt;/b&gt;');
    expect(srcdoc).not.toMatch(/script|onerror|onclick|javascript:|iframe|evil\.example/i);
    // the text part (mailparser's rendering of the HTML) is shown escaped, as text
    expect(page.body).not.toMatch(/<a href="javascript/i);
    expect(page.body).toContain('MJ 绘图');

    expect(safeBody('<p>ok</p><script>x()</script><style>p{}</style>')).toBe('<p>ok</p>');

    const json = await app.inject({ method: 'GET', url: '/sandbox-mail/messages.json' });
    expect(json.statusCode).toBe(200);
    const listed = json.json<{ id: string; subject: string; receivedAt: string }[]>();
    expect(listed[0]).toMatchObject({ id: m.id, subject: m.subject });
    expect(Date.parse(listed[0]!.receivedAt)).not.toBeNaN();

    const missing = await app.inject({ method: 'GET', url: '/sandbox-mail/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('邮件不存在');
  });

  it('shows a text-only message and its attachments', async () => {
    const t = transport();
    try {
      await t.sendMail({
        from: 'mj@example.com',
        to: 'ops@example.com',
        subject: 'plain',
        text: 'a < b & "c"',
        attachments: [{ filename: '<evil>.png', content: Buffer.alloc(2048), contentType: 'image/png' }],
      });
    } finally {
      t.close();
    }
    const m = sink.messages()[0]!;
    const page = await app.inject({ method: 'GET', url: `/sandbox-mail/${m.id}` });
    expect(page.body).toContain('<pre>a &lt; b &amp; &quot;c&quot;');
    expect(page.body).toContain('&lt;evil&gt;.png');
    expect(page.body).toContain('2.0 KB');
    expect(page.body).not.toContain('<iframe');
  });

  it('closes (twice is fine)', async () => {
    const other = await startSmtpSink();
    await other.close();
    await other.close();
  });
});
