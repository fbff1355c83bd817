// The real post page (manifest resource + entity adapter + HTTP layer) against the contract's in-memory backend
// (`@smart/crud/testing`), through msw-storybook-addon (see ParamPage.stories.tsx for the worker set-up).
import { configureHttp, type Post } from '@smart/api-sdk';
import { entityCatalogue, postEntity } from '@smart/api-sdk/entities';
import { createMockHandlers } from '@smart/api-sdk/mocks';
import { CrudProvider, type Option } from '@smart/crud';
import { catalogueT, memoryBackend } from '@smart/crud/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import PostPage from './PostPage';

configureHttp({ baseUrl: '', getToken: () => 'storybook-token' });

// the entity labels in the language of the toolbar's locale, as the kit's own texts (one language per story)
const tIn = (locale: unknown) => catalogueT(entityCatalogue[locale === 'en' ? 'en' : 'zh']);
// The seeded `post_category` dictionary (apps/server seed-data.ts).
const categories: Option[] = ['高层', '中层', '基层', '其他'].map((label, i) => ({
  label,
  value: String(i + 1),
}));
const categoryName = (category: number) => categories[category - 1]?.label ?? '';

const backend = memoryBackend(
  postEntity,
  [
    ['CEO', '首席执行官', 1],
    ['CTO', '首席技术官', 1],
    ['PM', '项目经理', 2],
    ['HR', '人力资源', 3],
    ['DEV', '开发工程师', 3],
    ['QA', '测试工程师', 3],
  ].map(([postCode, postName, category], i): Post => ({
    id: String(100 + i),
    tenantId: '000000',
    postCode: String(postCode),
    postName: String(postName),
    category: Number(category) as Post['category'],
    categoryName: categoryName(Number(category)),
    sort: i + 1,
    remark: '',
    createUser: '1',
    createDept: '1',
    createTime: '2026-11-22 10:00:00',
    updateUser: '1',
    updateTime: '2026-11-22 10:00:00',
    status: 1,
    isDeleted: 0,
  })),
  { derive: (row) => ({ ...row, categoryName: categoryName(row.category) }) },
);

const meta = {
  title: 'Features/System/PostPage',
  component: PostPage,
  parameters: { layout: 'padded', msw: { handlers: createMockHandlers(backend.handlers) } },
  beforeEach: () => backend.reset(),
  decorators: [
    (Story, { globals }) => (
      <CrudProvider value={{ t: tIn(globals.locale), can: () => true, dictionary: () => categories }}>
        <Story />
      </CrudProvider>
    ),
  ],
} satisfies Meta<typeof PostPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Everything from the contract: labels, the kind by its dictionary label, search by code (contains). */
export const SearchByCode: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText('首席执行官', undefined, { timeout: 5000 });
    await expect(canvas.getAllByText('高层').length).toBeGreaterThan(0);
    const search = canvas.getByRole('search');
    await userEvent.type(within(search).getByLabelText('岗位编号'), 'C');
    await userEvent.click(within(search).getByRole('button', { name: /搜索|Search/ }));
    await waitFor(() => expect(canvas.queryByText('项目经理')).toBeNull());
    await expect(canvas.getByText('首席技术官')).toBeInTheDocument();
  },
};
