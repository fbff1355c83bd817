import { configureHttp, resetHttpConfig, type Attach, type Oss, type Sms } from '@smart/api-sdk';
import { attachEntity, entityCatalogue, ossEntity, smsEntity } from '@smart/api-sdk/entities';
import { CrudProvider } from '@smart/crud';
import { catalogueT, memoryBackend } from '@smart/crud/testing';
import { ConfirmProvider, UiLocaleProvider } from '@smart/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import AttachPage from './attach/AttachPage';
import { formatSize } from './attach/attach.resource';
import OssPage from './oss/OssPage';
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
    category: 2,
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

function renderPage(Page: ComponentType) {
  return render(
    <UiLocaleProvider locale="zh">
      <ConfirmProvider>
        <CrudProvider value={{ t: catalogueT(entityCatalogue.zh), can: () => true, dictionary: () => [] }}>
          <Page />
        </CrudProvider>
      </ConfirmProvider>
    </UiLocaleProvider>,
  );
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  for (const b of [oss, sms, attach]) b.reset();
  configureHttp({ baseUrl: 'http://localhost', getToken: () => 'token' });
});
afterEach(() => resetHttpConfig());
afterAll(() => server.close());

describe('object storage page', () => {
  it('lists the kind and the active flag by their labels', async () => {
    renderPage(OssPage);
    const tr = (await screen.findByText('minio-main')).closest('tr')!;
    expect(within(tr).getByText('minio')).toBeInTheDocument();
    expect(within(tr).getByText('是')).toBeInTheDocument();
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

describe('SMS page', () => {
  it('lists the kind by its label and offers add', async () => {
    renderPage(SmsPage);
    const tr = (await screen.findByText('ali-login')).closest('tr')!;
    expect(within(tr).getByText('阿里云')).toBeInTheDocument();
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

  it('formats sizes', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatSize(undefined)).toBe('');
  });
});
