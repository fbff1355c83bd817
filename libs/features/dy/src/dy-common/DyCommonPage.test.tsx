import { configureHttp, resetHttpConfig, type DyCommon } from '@smart/api-sdk';
import { dyCommonEntity, entityCatalogue } from '@smart/api-sdk/entities';
import { CrudProvider } from '@smart/crud';
import { catalogueT, memoryBackend } from '@smart/crud/testing';
import { ConfirmProvider, UiLocaleProvider } from '@smart/ui';
import { render, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import zh from '../i18n/zh';
import { dyCommonResource } from './dy-common.resource';
import DyCommonPage from './DyCommonPage';

const phrase = (i: number, status: 0 | 1): DyCommon => ({
  id: String(200 + i),
  tenantId: '000000',
  ydUserId: '',
  category: '夸赞',
  content: `太实用了${i}`,
  weight: 1,
  useCount: 7 * i,
  lastUsedTime: '',
  sort: i,
  status,
  createUser: '1',
  createDept: '1',
  createTime: '2026-11-22 10:00:00',
  updateUser: '1',
  updateTime: '2026-11-22 10:00:00',
  isDeleted: 0,
});

const backend = memoryBackend(dyCommonEntity, [phrase(1, 1), phrase(2, 0)]);
const server = setupServer(...backend.handlers);
const t = catalogueT({ ...entityCatalogue.zh, ...zh });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  backend.reset();
  configureHttp({ baseUrl: 'http://localhost', getToken: () => 'token' });
});
afterEach(() => resetHttpConfig());
afterAll(() => server.close());

describe('Douyin phrase page', () => {
  it('takes its fields, rules and buttons from the contract and states only the switch and the counters', () => {
    const resource = dyCommonResource(t);
    expect(resource.columns.map((c) => c.prop)).toEqual([
      'category',
      'content',
      'weight',
      'sort',
      'status',
      'useCount',
      'lastUsedTime',
    ]);
    const content = resource.columns.find((c) => c.prop === 'content')!;
    expect(content.rules).toMatchObject({ required: 'entity.dyCommon._rules.content', max: 255 });
    expect(t(content.rules!.required as string)).toBe('请输入内容');
    expect(resource.columns.find((c) => c.prop === 'status')!.options).toEqual([
      { label: '停用', value: 0 },
      { label: '启用', value: 1 },
    ]);
    expect(resource.permissions).toMatchObject({ add: 'dy_common_add', delete: 'dy_common_delete' });
  });

  it("lists the phrases with the engine's counters", async () => {
    render(
      <UiLocaleProvider locale="zh">
        <ConfirmProvider>
          <CrudProvider value={{ t, can: () => true }}>
            <DyCommonPage />
          </CrudProvider>
        </ConfirmProvider>
      </UiLocaleProvider>,
    );
    const row = (await screen.findByText('太实用了2')).closest('tr')!;
    expect(within(row).getByText('14')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /使用次数/ })).toBeInTheDocument();
  });
});
