// The real attachment page against the contract's in-memory backend (`@smart/crud/testing`), through
// msw-storybook-addon (see libs/features/system/src/param/ParamPage.stories.tsx).
import { configureHttp, type Attach } from '@smart/api-sdk';
import { attachEntity, entityCatalogue } from '@smart/api-sdk/entities';
import { createMockHandlers } from '@smart/api-sdk/mocks';
import { CrudProvider } from '@smart/crud';
import { catalogueT, memoryBackend } from '@smart/crud/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import AttachPage from './AttachPage';

configureHttp({ baseUrl: '', getToken: () => 'storybook-token' });

const backend = memoryBackend(
  attachEntity,
  [
    ['avatar.png', 'png', 20480],
    ['report.pdf', 'pdf', 3 * 1024 * 1024],
  ].map(([originalName, extension, attachSize], i): Attach => ({
    id: String(100 + i),
    tenantId: '000000',
    link: `https://oss.example.cn/smart/upload/20261122/${i}.${String(extension)}`,
    domain: 'https://oss.example.cn/smart',
    name: `upload/20261122/${i}.${String(extension)}`,
    originalName: String(originalName),
    extension: String(extension),
    attachSize: Number(attachSize),
    createUser: '1',
    createDept: '1',
    createTime: '2026-11-22 10:00:00',
    updateUser: '1',
    updateTime: '2026-11-22 10:00:00',
    status: 1,
    isDeleted: 0,
  })),
);

const meta = {
  title: 'Features/Resource/AttachPage',
  component: AttachPage,
  parameters: { layout: 'padded', msw: { handlers: createMockHandlers(backend.handlers) } },
  beforeEach: () => backend.reset(),
  decorators: [
    (Story, { globals }) => (
      <CrudProvider
        value={{
          // the entity labels in the toolbar's language, as the kit's own texts
          t: catalogueT(entityCatalogue[globals.locale === 'en' ? 'en' : 'zh']),
          can: () => true,
          dictionary: () => [],
        }}
      >
        <Story />
      </CrudProvider>
    ),
  ],
} satisfies Meta<typeof AttachPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Uploads make the rows: no add or edit, sizes in readable units. */
export const List: Story = {
  play: async ({ canvas }) => {
    await canvas.findByText('avatar.png', undefined, { timeout: 5000 });
    await expect(canvas.getByText('3.0 MB')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /新增/ })).toBeNull();
  },
};
