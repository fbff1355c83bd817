import { configureHttp, resetHttpConfig, type Attach, type Oss, type Sms } from '@smart/api-sdk';
import { attachEntity, entityCatalogue, ossEntity, smsEntity } from '@smart/api-sdk/entities';
import { CrudProvider } from '@smart/crud';
import { catalogueT, memoryBackend } from '@smart/crud/testing';
import { createShellRenderer } from '@smart/crud/testing/jsdom';
import { Toaster } from '@smart/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import AttachPage from './attach/AttachPage';
import { formatSize } from './attach/attach.resource';
import { feature } from './index';
import OssPage from './oss/OssPage';
import { normalisePhones, templateParams } from './sms/SendTestSms';
import SmsPage from './sms/SmsPage';

const audit = {
  tenantId: '000000',
  createUser: '1',
  createDept: '1',
  createTime: '2026-11-22 10:00:00',
  updateUser: '1',
  updateTime: '2026-11-22 10:00:00',
  isDeleted: 0,
};
// The server answers every secret as this mask (apps/server/src/kernel/secret.ts SECRET_MASK).
const MASK = '******';

const oss = memoryBackend(ossEntity, [
  {
    ...audit,
    id: '1',
    category: 1,
    categoryName: 'minio',
    status: 2,
    statusName: '是',
    ossCode: 'minio-main',
    endpoint: 'http://127.0.0.1:9000',
    accessKey: 'smart',
    secretKey: MASK,
    bucketName: 'smart',
    appId: '',
    region: '',
    remark: '',
  } as Oss,
]);
const sms = memoryBackend(smsEntity, [
  {
    ...audit,
    id: '2',
    category: 3,
    categoryName: '阿里云',
    status: 1,
    statusName: '否',
    smsCode: 'ali-login',
    templateId: 'SMS_1',
    accessKey: 'ak',
    secretKey: MASK,
    regionId: 'cn-hangzhou',
    signName: 'Smart',
    remark: '',
  } as Sms,
]);
const attach = memoryBackend(attachEntity, [
  {
    ...audit,
    status: 1,
    id: '3',
    link: 'https://oss.example.cn/smart/upload/20261122/5f2b.png',
    domain: 'https://oss.example.cn/smart',
    name: 'upload/20261122/5f2b.png',
    originalName: 'avatar.png',
    extension: 'png',
    attachSize: 20480,
  } as Attach,
]);
const server = setupServer(...oss.handlers, ...sms.handlers, ...attach.handlers);

const renderWithShell = createShellRenderer(feature.catalogue);

/** A page with the feature's catalogue; `can` grants the operator's buttons (all by default). */
function renderPage(Page: ComponentType, can: (code: string) => boolean = () => true) {
  return renderWithShell(
    <CrudProvider value={{ t: catalogueT(entityCatalogue.zh), can, dictionary }}>
      <Page />
      <Toaster />
    </CrudProvider>,
  );
}

/** The dictionaries the lists label with, as the console reads them in the operator's language (English here). */
const DICTIONARIES: Record<string, { label: string; value: string }[]> = {
  oss: [
    { label: 'minio', value: '1' },
    { label: 'Qiniu', value: '2' },
  ],
  sms: [{ label: 'Alibaba Cloud', value: '3' }],
  yes_no: [
    { label: 'No', value: '1' },
    { label: 'Yes', value: '2' },
  ],
};
const dictionary = (code: string) => DICTIONARIES[code] ?? [];

/** Query strings of the calls to an endpoint of the resource service, as the server would read them. */
function recorder(method: 'post', path: string, answer: () => Response = () => HttpResponse.json(OK)) {
  const calls: URLSearchParams[] = [];
  server.use(
    http[method](`http://localhost/api/smart-resource/${path}`, ({ request }) => {
      calls.push(new URL(request.url).searchParams);
      return answer();
    }),
  );
  return calls;
}
const OK = { code: 200, success: true, data: {}, msg: '操作成功' };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  for (const b of [oss, sms, attach]) b.reset();
  configureHttp({ baseUrl: 'http://localhost', getToken: () => 'token' });
});
afterEach(() => {
  server.resetHandlers();
  resetHttpConfig();
});
afterAll(() => server.close());

describe('object storage page', () => {
  it('lists the kind and the active flag by their dictionaries, never the server’s Chinese names', async () => {
    renderPage(OssPage);
    const tr = (await screen.findByText('minio-main')).closest('tr')!;
    // the labels come with the dictionaries, read after the rows
    expect(await within(tr).findByText('minio')).toBeInTheDocument();
    expect(await within(tr).findByText('Yes')).toBeInTheDocument();
    expect(within(tr).queryByText('是')).toBeNull();
  });

  it('edits the secret as a password and sends the mask back, which keeps the stored one', async () => {
    const user = userEvent.setup();
    renderPage(OssPage);
    const tr = (await screen.findByText('minio-main')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    const secret = within(dialog).getByLabelText(/secretKey/);
    await waitFor(() => expect(secret).toHaveValue(MASK));
    expect(secret).toHaveAttribute('type', 'password');
    await user.click(within(dialog).getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(oss.calls.submit).toHaveLength(1));
    expect(oss.calls.submit[0]).toMatchObject({ id: '1', secretKey: MASK, category: 1 });
  });
});

describe('enabling a config', () => {
  it('is offered on a config that is not the active one, and reads the list again', async () => {
    const user = userEvent.setup();
    const calls = recorder('post', 'sms/enable');
    renderPage(SmsPage);
    const tr = (await screen.findByText('ali-login')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: '启用' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.get('id')).toBe('2');
    expect(await screen.findByText('已启用,此后的短信都用这一配置')).toBeInTheDocument();
  });

  it('is not offered on the active config, nor to an operator without the edit button', async () => {
    renderPage(OssPage);
    const tr = (await screen.findByText('minio-main')).closest('tr')!;
    expect(within(tr).queryByRole('button', { name: '启用' })).not.toBeInTheDocument();
    renderPage(SmsPage, (code) => code !== 'sms_edit');
    const smsRow = (await screen.findByText('ali-login')).closest('tr')!;
    expect(within(smsRow).queryByRole('button', { name: '启用' })).not.toBeInTheDocument();
    expect(within(smsRow).queryByRole('button', { name: '测试发送' })).not.toBeInTheDocument();
  });
});

describe('a test message', () => {
  it('reads the phones as typed or pasted, and the variables as a JSON object', () => {
    expect(normalisePhones('13800000000， 13800000001\n13800000002')).toBe(
      '13800000000,13800000001,13800000002',
    );
    expect(normalisePhones('1380000000')).toBeUndefined();
    expect(templateParams('{"code": 1234, "ok": true}')).toBe('{"code":1234,"ok":true}');
    expect(templateParams('[1]')).toBeUndefined();
    expect(templateParams('{"a": {"b": 1}}')).toBeUndefined();
    expect(templateParams('{code}')).toBeUndefined();
  });

  it("refuses a wrong number in the dialog, then sends with the config's code", async () => {
    const user = userEvent.setup();
    const calls = recorder('post', 'sms/endpoint/send-message', () =>
      HttpResponse.json({ ...OK, msg: '发送成功' }),
    );
    renderPage(SmsPage);
    const tr = (await screen.findByText('ali-login')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: '测试发送' }));
    const dialog = await screen.findByRole('dialog', { name: '测试发送短信' });
    await user.type(within(dialog).getByLabelText(/手机号/), '123');
    await user.click(within(dialog).getByRole('button', { name: '发送' }));
    expect(await within(dialog).findByText('手机号须为 11 位数字,多个用逗号分隔')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/手机号/));
    await user.type(within(dialog).getByLabelText(/手机号/), '13800000000，13800000001');
    fireEvent.change(within(dialog).getByLabelText('模板参数'), { target: { value: '{"code":"1234"}' } });
    await user.click(within(dialog).getByRole('button', { name: '发送' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(Object.fromEntries(calls[0]!)).toEqual({
      code: 'ali-login',
      phones: '13800000000,13800000001',
      params: '{"code":"1234"}',
    });
    expect(await screen.findByText('已发送')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('SMS page', () => {
  it('lists the kind by its dictionary and offers add', async () => {
    renderPage(SmsPage);
    const tr = (await screen.findByText('ali-login')).closest('tr')!;
    expect(await within(tr).findByText('Alibaba Cloud')).toBeInTheDocument();
    expect(within(tr).queryByText('阿里云')).toBeNull();
    expect(screen.getByRole('button', { name: /新增/ })).toBeInTheDocument();
  });
});

describe('attachment page', () => {
  it('has no add or edit (the contract declares view and delete), links the file and gives its size', async () => {
    renderPage(AttachPage);
    const tr = (await screen.findByText('avatar.png')).closest('tr')!;
    expect(screen.queryByRole('button', { name: /新增/ })).not.toBeInTheDocument();
    expect(within(tr).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(within(tr).getByRole('button', { name: '删除' })).toBeInTheDocument();
    expect(within(tr).getByRole('link')).toHaveAttribute(
      'href',
      'https://oss.example.cn/smart/upload/20261122/5f2b.png',
    );
    expect(within(tr).getByText('20 KB')).toBeInTheDocument();
  });

  it('previews an image in a dialog', async () => {
    const user = userEvent.setup();
    renderPage(AttachPage);
    const tr = (await screen.findByText('avatar.png')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: '预览' }));
    const dialog = await screen.findByRole('dialog', { name: '图片预览' });
    expect(within(dialog).getByRole('img', { name: 'avatar.png' })).toHaveAttribute(
      'src',
      'https://oss.example.cn/smart/upload/20261122/5f2b.png',
    );
  });

  it('uploads a file to the active storage and lists again', async () => {
    const user = userEvent.setup();
    let sent: File | undefined;
    server.use(
      http.post('http://localhost/api/smart-resource/oss/endpoint/put-file', async ({ request }) => {
        sent = (await request.formData()).get('file') as File;
        return HttpResponse.json({ ...OK, data: { link: 'http://localhost/u/a.txt', name: 'a.txt' } });
      }),
    );
    renderPage(AttachPage);
    await screen.findByText('avatar.png');
    const lists = attach.calls.list.length;
    await user.upload(
      screen.getByTestId('attach-file'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText('已上传 notes.txt')).toBeInTheDocument();
    // a part named `file` (jsdom's File reaches MSW's FormData without its name and content; the Playwright
    // attachment flow sends a real one)
    expect(sent).toBeDefined();
    await waitFor(() => expect(attach.calls.list.length).toBeGreaterThan(lists));
  });

  it('formats sizes', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatSize(undefined)).toBe('');
  });
});
