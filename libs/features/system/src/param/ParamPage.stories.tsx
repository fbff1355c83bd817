// The real parameter page (resource + SDK adapter + HTTP layer) against the SDK's MSW handlers, through
// msw-storybook-addon: Storybook's preview must call `initialize()` and register `mswLoader`, and serve the
// worker script (`npx msw init <static dir>`); see libs/ui/.storybook.
import { configureHttp, type Param } from '@smart/api-sdk';
import { entityCatalogue, paramEntity } from '@smart/api-sdk/entities';
import { createMockHandlers, getParamListResponseMock } from '@smart/api-sdk/mocks';
import { CrudProvider } from '@smart/crud';
import { catalogueT, memoryBackend } from '@smart/crud/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import ParamPage from './ParamPage';

// the entity labels in the language of the toolbar's locale, as the kit's own texts (one language per story)
const tIn = (locale: unknown) => catalogueT(entityCatalogue[locale === 'en' ? 'en' : 'zh']);

// Requests go to the page's own origin, where the MSW worker answers them.
configureHttp({ baseUrl: '', getToken: () => 'storybook-token' });

/** The contract's in-memory backend for the write stories: list (filters + paging), submit and remove. */
const template = getParamListResponseMock().data.records[0] as Param;
const backend = memoryBackend(
  paramEntity,
  [
    ['是否开放注册', 'account.registerUser', 'true'],
    ['账号初始密码', 'account.initPassword', '123456'],
    ['登录失败锁定次数', 'account.failCount', '5'],
    ['默认租户', 'tenant.default', '000000'],
    ['令牌有效期', 'token.time', '3000'],
    ['验证码模式', 'captcha.mode', 'false'],
    ['租户模式', 'tenant.mode', 'false'],
    ['切换模式', 'switch.mode', 'false'],
    ['主题色', 'theme.color', '#409EFF'],
    ['站点标题', 'site.title', 'Smart Console'],
    ['分页默认大小', 'page.size', '10'],
  ].map(([paramName = '', paramKey = '', paramValue = ''], i) => ({
    ...template,
    id: String(1000 + i),
    paramName,
    paramKey,
    paramValue,
    remark: '',
  })),
);

const meta = {
  title: 'Features/System/ParamPage',
  component: ParamPage,
  parameters: { layout: 'padded', msw: { handlers: createMockHandlers() } },
  decorators: [
    (Story, { globals }) => (
      <CrudProvider value={{ t: tIn(globals.locale), can: () => true }}>
        <Story />
      </CrudProvider>
    ),
  ],
} satisfies Meta<typeof ParamPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The contract's examples, as generated into the SDK (`createMockHandlers()`). */
export const ContractExamples: Story = {
  play: async ({ canvas }) => {
    await waitFor(
      () =>
        expect(canvas.getAllByRole('checkbox', { name: /选择此行|Select row/ }).length).toBeGreaterThan(0),
      {
        timeout: 5000,
      },
    );
  },
};

/** The toolbar's English: the kit's texts and the entity's labels alike, no Chinese label left in the page. */
export const English: Story = {
  globals: { locale: 'en' },
  parameters: { msw: { handlers: createMockHandlers(backend.handlers) } },
  beforeEach: () => backend.reset(),
  play: async ({ canvas }) => {
    await canvas.findByText('account.registerUser', undefined, { timeout: 5000 });
    const search = canvas.getByRole('search');
    await expect(within(search).getByLabelText('Parameter key')).toBeInTheDocument();
    await expect(canvas.getByRole('columnheader', { name: /Parameter name/ })).toBeInTheDocument();
    await expect(canvas.queryByText('参数名称')).toBeNull();
  },
};

/** A stateful backend placed before the generated handlers: search, add and batch delete round-trip. */
export const SearchAddDelete: Story = {
  parameters: { msw: { handlers: createMockHandlers(backend.handlers) } },
  beforeEach: () => backend.reset(),
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText('account.registerUser', undefined, { timeout: 5000 });
    const search = canvas.getByRole('search');
    await userEvent.type(within(search).getByLabelText('参数键名'), 'account');
    await userEvent.click(within(search).getByRole('button', { name: /搜索|Search/ }));
    await waitFor(() => expect(canvas.queryByText('tenant.default')).toBeNull());

    await userEvent.click(canvas.getByRole('button', { name: /新增|Add/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/参数名称/), '开放注册');
    await userEvent.type(within(dialog).getByLabelText(/参数键名/), 'account.open');
    await userEvent.type(within(dialog).getByLabelText(/参数键值/), 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: /保存|Save/ }));
    await expect(await screen.findByText(/新增成功|Added successfully/)).toBeInTheDocument();
    await canvas.findByText('account.open');
  },
};

/** The list call fails: the HTTP layer reports it, the page stops loading and shows the empty state. */
export const ListFails: Story = {
  parameters: {
    msw: {
      handlers: createMockHandlers([
        http.get('*/api/smart-system/param/list', () =>
          HttpResponse.json({ code: 500, success: false, msg: '服务器异常', data: null }, { status: 500 }),
        ),
      ]),
    },
  },
};
