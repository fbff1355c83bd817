import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';

import type { UploadHandler } from '@smart/ui';
import { CrudProvider } from './crud-context';
import { CrudFormDialog } from './crud-form-dialog';
import { defineResource } from './define-resource';
import type { Option } from './types';

type Row = Record<string, unknown>;

const yesNo: Option[] = [
  { label: '否', value: 0 },
  { label: '是', value: 1 },
];
const roles: Option[] = [
  { label: '管理员', value: '1' },
  { label: '运营', value: '2' },
  { label: '访客', value: '3' },
];
const parents: Option[] = [
  { label: '顶级', value: '0', children: [{ label: '任务类型', value: '10' }] },
  { label: '平台', value: '20', hasChildren: true },
];
const AVATAR =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'%3E%3Crect width='8' height='8' fill='%23409EFF'/%3E%3C/svg%3E";
const upload: UploadHandler = async (file) => ({
  url: file.type.startsWith('image/') ? AVATAR : `/oss/${file.name}`,
});
const dictionary = (code: string) => (code === 'yes_no' ? yesNo : roles);

const resource = defineResource<Row>({
  name: 'field-types',
  columns: [
    { prop: 'sort', label: '排序', type: 'number', min: 0, rules: { required: true } },
    { prop: 'isSealed', label: '封存', type: 'switch', dict: 'yes_no' },
    { prop: 'status', label: '状态', type: 'radio', dict: 'yes_no' },
    { prop: 'roleIds', label: '角色', type: 'multiselect', dict: 'role' },
    {
      prop: 'parentId',
      label: '上级',
      type: 'tree',
      options: parents,
      loadChildren: async (parent) => [{ label: `${parent.label} · 子项`, value: `${parent.value}1` }],
    },
    { prop: 'region', label: '地区', type: 'cascader', options: parents },
    { prop: 'day', label: '日期', type: 'date' },
    { prop: 'expireTime', label: '到期时间', type: 'datetime' },
    { prop: 'range', label: '有效期', type: 'daterange' },
    { prop: 'color', label: '颜色', type: 'color' },
    { prop: 'avatar', label: '头像', type: 'avatar', upload },
    { prop: 'files', label: '附件', type: 'upload', upload, maxCount: 3, span: 24 },
  ],
});

function FieldTypes({ onSubmit }: { onSubmit: (values: Record<string, unknown>) => Promise<void> }) {
  return (
    <CrudProvider value={{ dictionary }}>
      <CrudFormDialog
        resource={resource}
        mode="edit"
        open
        onOpenChange={() => {}}
        values={{
          sort: 1,
          isSealed: 0,
          status: 1,
          roleIds: '1,2',
          parentId: '10',
          region: ['0', '10'],
          day: '2024-05-01',
          expireTime: '2025-01-31 23:59:59',
          range: ['2024-05-01', '2024-05-31'],
          color: '#409EFF',
          avatar: AVATAR,
          files: '/oss/contract.pdf',
        }}
        onSubmit={onSubmit}
      />
    </CrudProvider>
  );
}

const richText = defineResource<Row>({
  name: 'rich-text',
  columns: [{ prop: 'content', label: '通知内容', type: 'richtext', span: 24, rules: { required: true } }],
});

/** The `richtext` field (a notice's content, desk.yaml): Tiptap with the kit's toolbar, value HTML. */
function RichTextDialog({
  mode,
  onSubmit,
}: {
  mode: 'edit' | 'view';
  onSubmit: (values: Record<string, unknown>) => Promise<void>;
}) {
  return (
    <CrudProvider value={{}}>
      <CrudFormDialog
        resource={richText}
        mode={mode}
        open
        onOpenChange={() => {}}
        values={{
          content:
            '<h2>年度体检</h2><p>请<strong>全体员工</strong>于本周五前完成体检, 详见' +
            '<a href="https://example.com" target="_blank" rel="noopener noreferrer">通知</a>。</p>' +
            '<ul><li><p>地点: 一楼</p></li><li><p>时间: 9:00–11:00</p></li></ul>',
        }}
        onSubmit={onSubmit}
      />
    </CrudProvider>
  );
}

const meta = {
  title: 'CRUD/Field types',
  component: FieldTypes,
  args: { onSubmit: fn(async () => {}) },
} satisfies Meta<typeof FieldTypes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every CRUD field type in the add/edit dialog; saving sends the platform's value shapes. */
export const Dialog: Story = {
  play: async ({ userEvent, args }) => {
    await userEvent.click(await screen.findByRole('switch', { name: '封存' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        isSealed: 1,
        roleIds: '1,2',
        region: ['0', '10'],
        files: '/oss/contract.pdf',
      }),
    );
  },
};

/** Rich text: the toolbar formats what is typed next; saving sends HTML. */
export const RichText: Story = {
  render: (args) => <RichTextDialog mode="edit" onSubmit={args.onSubmit} />,
  play: async ({ userEvent, args }) => {
    const editor = await screen.findByRole('textbox', { name: '通知内容' }, { timeout: 10_000 });
    await userEvent.click(editor);
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    await userEvent.click(screen.getByRole('button', { name: '加粗' }));
    await userEvent.keyboard('重要');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ content: '<p><strong>重要</strong></p>' });
  },
};

/** Rich text in the view dialog: the content, read-only, without a toolbar. */
export const RichTextView: Story = {
  render: (args) => <RichTextDialog mode="view" onSubmit={args.onSubmit} />,
  play: async () => {
    const editor = await screen.findByRole('textbox', { name: '通知内容' }, { timeout: 10_000 });
    await expect(editor).toHaveAttribute('aria-readonly', 'true');
    await expect(screen.queryByRole('toolbar')).toBeNull();
  },
};
