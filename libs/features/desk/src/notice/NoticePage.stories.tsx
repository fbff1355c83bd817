// The real notice page (manifest resource + entity adapter + HTTP layer) against the contract's in-memory backend
// (`@smart/crud/testing`), through msw-storybook-addon (see libs/features/system/src/param/ParamPage.stories.tsx).
import { configureHttp, type Notice } from '@smart/api-sdk';
import { entityCatalogue, noticeEntity } from '@smart/api-sdk/entities';
import { createMockHandlers } from '@smart/api-sdk/mocks';
import { CrudProvider, type Option } from '@smart/crud';
import { catalogueT, memoryBackend } from '@smart/crud/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import NoticePage from './NoticePage';

configureHttp({ baseUrl: '', getToken: () => 'storybook-token' });

// the entity labels in the language of the toolbar's locale, as the kit's own texts (one language per story)
const tIn = (locale: unknown) => catalogueT(entityCatalogue[locale === 'en' ? 'en' : 'zh']);
// The seeded `notice` dictionary (apps/server/src/modules/desk/notice/notice.module.ts CATEGORY).
const kinds: Option[] = ['发布通知', '批转通知', '转发通知', '指示通知', '任免通知', '事务通知'].map(
  (label, i) => ({ label, value: String(i + 1) }),
);
const kindName = (category: number) => kinds[category - 1]?.label ?? '';

const backend = memoryBackend(
  noticeEntity,
  [
    ['系统升级通知', 1],
    ['年度考核安排', 4],
    ['人事任免', 5],
  ].map(([title, category], i): Notice => ({
    id: String(100 + i),
    tenantId: '000000',
    title: String(title),
    category: Number(category) as Notice['category'],
    categoryName: kindName(Number(category)),
    releaseTime: '2026-11-22 10:00:00',
    content: `${String(title)}的正文`,
    createUser: '1',
    createDept: '1',
    createTime: '2026-11-22 10:00:00',
    updateUser: '1',
    updateTime: '2026-11-22 10:00:00',
    status: 1,
    isDeleted: 0,
  })),
  { derive: (row) => ({ ...row, categoryName: kindName(row.category) }) },
);

const meta = {
  title: 'Features/Desk/NoticePage',
  component: NoticePage,
  parameters: { layout: 'padded', msw: { handlers: createMockHandlers(backend.handlers) } },
  beforeEach: () => backend.reset(),
  decorators: [
    (Story, { globals }) => (
      <CrudProvider value={{ t: tIn(globals.locale), can: () => true, dictionary: () => kinds }}>
        <Story />
      </CrudProvider>
    ),
  ],
} satisfies Meta<typeof NoticePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The kind by its label; the content stays in the dialog. */
export const List: Story = {
  play: async ({ canvas }) => {
    await canvas.findByText('系统升级通知', undefined, { timeout: 5000 });
    await expect(canvas.getAllByText('任免通知').length).toBeGreaterThan(0);
    await expect(canvas.queryByText('系统升级通知的正文')).toBeNull();
  },
};
