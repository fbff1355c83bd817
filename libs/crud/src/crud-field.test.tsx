import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import type { UploadHandler } from '@smart/ui';
import { CrudProvider } from './crud-context';
import { CrudCell, CrudControl } from './crud-field';
import { formatCellValue, joinFieldValue, splitFieldValue } from './field-values';
import { CrudFormDialog } from './crud-form-dialog';
import { defineResource } from './define-resource';
import type { CrudColumn, Option } from './types';

type Row = Record<string, unknown>;

const roles: Option[] = [
  { label: '管理员', value: 1 },
  { label: '用户', value: 2 },
  { label: '访客', value: 3 },
];
const yesNo: Option[] = [
  { label: '否', value: 0 },
  { label: '是', value: 1 },
];
const tree: Option[] = [
  { label: '系统', value: '1', children: [{ label: '菜单', value: '11' }] },
  { label: '日志', value: '2', hasChildren: true },
];
const dictionary = (code: string) => (code === 'role' ? roles : code === 'yes_no' ? yesNo : []);

function Control({
  column,
  initial,
  onChange,
}: {
  column: CrudColumn<Row>;
  initial?: unknown;
  onChange: (v: unknown) => void;
}) {
  const [value, setValue] = React.useState<unknown>(initial);
  return (
    <CrudProvider value={{ dictionary }}>
      <CrudControl
        column={column}
        aria-label={column.label}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    </CrudProvider>
  );
}

/** The file input of a lazily loaded upload control, once it has loaded. */
function fileInput(container: HTMLElement): Promise<HTMLInputElement> {
  return waitFor(() => {
    const input = container.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('upload control not loaded yet');
    return input;
  });
}

// Load the lazily imported controls once up front, so each test measures the control, not the chunk load.
beforeAll(async () => {
  await import('./heavy-controls');
});

describe('split/join of multi-valued fields', () => {
  it('joins with commas by default and keeps typed arrays for dataType array', () => {
    expect(splitFieldValue('1,2, 3')).toEqual(['1', '2', '3']);
    expect(splitFieldValue([1, 2])).toEqual(['1', '2']);
    expect(splitFieldValue('')).toEqual([]);
    const col: CrudColumn<Row> = { prop: 'roleIds', label: 'r', type: 'multiselect' };
    expect(joinFieldValue(col, ['1', '3'])).toBe('1,3');
    expect(joinFieldValue({ ...col, separator: '|' }, ['1', '3'])).toBe('1|3');
    expect(joinFieldValue({ ...col, dataType: 'array' }, ['1', '3'], roles)).toEqual([1, 3]);
  });
});

describe('formatCellValue', () => {
  it('shows labels, paths and formatted dates', () => {
    expect(formatCellValue({ prop: 'r', label: 'r', type: 'multiselect' }, '1,3', roles)).toBe(
      '管理员, 访客',
    );
    expect(formatCellValue({ prop: 'r', label: 'r', type: 'radio' }, 2, roles)).toBe('用户');
    expect(formatCellValue({ prop: 't', label: 't', type: 'tree' }, '11', tree)).toBe('菜单');
    expect(formatCellValue({ prop: 't', label: 't', type: 'tree', multiple: true }, '1,11', tree)).toBe(
      '系统, 菜单',
    );
    expect(formatCellValue({ prop: 'c', label: 'c', type: 'cascader' }, ['1', '11'], tree)).toBe(
      '系统 / 菜单',
    );
    expect(formatCellValue({ prop: 'd', label: 'd', type: 'date' }, '2024-05-01 10:00:00', [])).toBe(
      '2024-05-01',
    );
    expect(formatCellValue({ prop: 'd', label: 'd', type: 'datetime' }, '2024-05-01T10:00:00', [])).toBe(
      '2024-05-01 10:00:00',
    );
    expect(
      formatCellValue({ prop: 'd', label: 'd', type: 'daterange' }, ['2024-05-01', '2024-05-02'], []),
    ).toBe('2024-05-01 ~ 2024-05-02');
    expect(formatCellValue({ prop: 's', label: 's', type: 'switch' }, 1, yesNo)).toBe('是');
    expect(formatCellValue({ prop: 'u', label: 'u', type: 'upload' }, '/a/x.pdf,/b/y.png', [])).toBe(
      'x.pdf, y.png',
    );
  });
});

describe('CrudCell', () => {
  it('renders an avatar thumbnail, a colour swatch and dictionary labels', async () => {
    render(
      <CrudProvider value={{ dictionary }}>
        <div data-testid="avatar">
          <CrudCell column={{ prop: 'avatar', label: '头像', type: 'avatar' }} row={{ avatar: '/a.png' }} />
        </div>
        <div data-testid="colour">
          <CrudCell column={{ prop: 'c', label: 'c', type: 'color' }} row={{ c: '#409EFF' }} />
        </div>
        <div data-testid="roles">
          <CrudCell
            column={{ prop: 'r', label: 'r', type: 'multiselect', dict: 'role' }}
            row={{ r: '2,3' }}
          />
        </div>
      </CrudProvider>,
    );
    expect(await screen.findByRole('img', { name: '头像' })).toHaveAttribute('src', '/a.png');
    expect(await screen.findByTestId('colour')).toHaveTextContent('#409EFF');
    expect(await within(screen.getByTestId('roles')).findByText('用户, 访客')).toBeInTheDocument();
  });
});

describe('CrudControl field types', () => {
  it('lines keeps the text as typed and stores the trimmed non-empty lines as a list', async () => {
    const user = userEvent.setup();
    const changes: unknown[] = [];
    render(
      <Control
        column={{ prop: 'imageUrls', label: '图片', type: 'lines' }}
        initial={['https://a.example/1.jpg']}
        onChange={(v) => changes.push(v)}
      />,
    );
    const box = screen.getByRole('textbox', { name: '图片' });
    expect(box).toHaveValue('https://a.example/1.jpg');
    await user.type(box, '{Enter}{Enter}  https://a.example/2.jpg ');
    // a blank line and spaces stay in the box while typing; the value has the two links only
    expect(box).toHaveValue('https://a.example/1.jpg\n\n  https://a.example/2.jpg ');
    expect(changes.at(-1)).toEqual(['https://a.example/1.jpg', 'https://a.example/2.jpg']);
    expect(formatCellValue({ prop: 'imageUrls', label: '图片', type: 'lines' }, changes.at(-1), [])).toBe(
      'https://a.example/1.jpg, https://a.example/2.jpg',
    );
  });

  it('multiselect sends comma-joined ids from a dictionary', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Control
        column={{ prop: 'roleIds', label: '角色', type: 'multiselect', dict: 'role' }}
        initial="1"
        onChange={onChange}
      />,
    );
    await user.click(await screen.findByRole('combobox', { name: '角色' }));
    await user.click(await screen.findByRole('option', { name: '访客' }));
    expect(onChange).toHaveBeenLastCalledWith('1,3');
  });

  it('radio emits the typed option value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Control column={{ prop: 'r', label: '角色', type: 'radio', options: roles }} onChange={onChange} />,
    );
    await user.click(screen.getByRole('radio', { name: '用户' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it('switch uses the 0/1 options of a dictionary', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Control
        column={{ prop: 'isSealed', label: '封存', type: 'switch', dict: 'yes_no' }}
        initial={0}
        onChange={onChange}
      />,
    );
    const sw = screen.getByRole('switch', { name: '封存' });
    await waitFor(() => expect(sw).toHaveAttribute('aria-checked', 'false'));
    await user.click(sw);
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(sw).toHaveAttribute('aria-checked', 'true');
  });

  it('number uses NumberInput with limits', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Control
        column={{ prop: 'sort', label: '排序', type: 'number', min: 0, max: 99 }}
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('spinbutton', { name: '排序' });
    await user.type(input, '120');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(99);
  });

  it('tree loads children lazily through the column', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const loadChildren = vi.fn(async (parent: Option) => [{ label: '操作日志', value: `${parent.value}1` }]);
    render(
      <Control
        column={{ prop: 'parentId', label: '上级', type: 'tree', options: tree, loadChildren }}
        onChange={onChange}
      />,
    );
    await user.click(await screen.findByRole('combobox', { name: '上级' }));
    const item = await screen.findByRole('treeitem', { name: '日志' });
    await user.click(item.querySelector('[data-slot=tree-select-toggle]') as Element);
    await user.click(await screen.findByRole('treeitem', { name: '操作日志' }));
    expect(loadChildren).toHaveBeenCalledWith(expect.objectContaining({ value: '2' }));
    expect(onChange).toHaveBeenLastCalledWith('21');
  });

  it('date and datetime emit the platform formats', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Control
        column={{ prop: 'day', label: '日期', type: 'date' }}
        initial="2024-05-01"
        onChange={onChange}
      />,
    );
    await user.click(await screen.findByRole('combobox', { name: '日期' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(dialog.querySelector('button[data-day="2024-05-09"]') as Element);
    expect(onChange).toHaveBeenLastCalledWith('2024-05-09');
  });

  it('upload sends comma-joined links; avatar sends the link', async () => {
    const upload = vi.fn<UploadHandler>(async (f) => ({ url: `/oss/${f.name}` }));
    const onChange = vi.fn();
    const { container, unmount } = render(
      <Control
        column={{ prop: 'files', label: '附件', type: 'upload', upload }}
        initial="/oss/a.pdf"
        onChange={onChange}
      />,
    );
    fireEvent.change((await fileInput(container)) as HTMLInputElement, {
      target: { files: [new File(['x'], 'b.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('/oss/a.pdf,/oss/b.pdf'));
    unmount();
    const avatar = render(
      <Control column={{ prop: 'avatar', label: '头像', type: 'avatar', upload }} onChange={onChange} />,
    );
    fireEvent.change((await fileInput(avatar.container)) as HTMLInputElement, {
      target: { files: [new File(['x'], 'me.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('只能上传 jpg/png 文件');
    fireEvent.change((await fileInput(avatar.container)) as HTMLInputElement, {
      target: { files: [new File(['x'], 'me.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('/oss/me.png'));
  });
});

describe('CrudFormDialog when its values change (an edit dialog whose detail arrives)', () => {
  it('never shows an enabled field holding the old values: what is typed then would be lost to the reset', async () => {
    const resource = defineResource<Row>({
      name: 'post',
      columns: [{ prop: 'postName', label: '岗位名称' }],
    });
    // what each commit shows, read in a layout effect of a later sibling: before the dialog's passive effects run
    const seen: { value: string; disabled: boolean }[] = [];
    function Probe({ values }: { values: Row }) {
      React.useLayoutEffect(() => {
        const input = document.querySelector<HTMLInputElement>('input[name="postName"]');
        if (input) seen.push({ value: input.value, disabled: input.disabled });
      }, [values]);
      return null;
    }
    const Dialog = ({ values, loading }: { values: Row; loading: boolean }) => (
      <CrudProvider value={{ dictionary }}>
        <CrudFormDialog
          resource={resource}
          mode="edit"
          open
          onOpenChange={() => {}}
          values={values}
          loading={loading}
          onSubmit={async () => {}}
        />
        <Probe values={values} />
      </CrudProvider>
    );
    const { rerender } = render(<Dialog values={{ postName: '岗位' }} loading />);
    await screen.findByLabelText('岗位名称');
    rerender(<Dialog values={{ postName: '岗位(详情)' }} loading={false} />);
    await waitFor(() => expect(screen.getByLabelText('岗位名称')).toHaveValue('岗位(详情)'));
    await waitFor(() => expect(screen.getByLabelText('岗位名称')).toBeEnabled());
    expect(seen.filter((s) => !s.disabled && s.value !== '岗位(详情)')).toEqual([]);
  });
});

describe('CrudFormDialog with the new field types', () => {
  it('submits the dictionary form: number sort, 0/1 switch, tree parent, multiselect ids', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    const resource = defineResource<Row>({
      name: 'dict',
      columns: [
        { prop: 'sort', label: '排序', type: 'number', rules: { required: '请输入字典排序' } },
        { prop: 'isSealed', label: '封存', type: 'switch', dict: 'yes_no', defaultValue: 0 },
        { prop: 'parentId', label: '上级', type: 'tree', options: tree },
        { prop: 'roleIds', label: '角色', type: 'multiselect', dict: 'role' },
      ],
    });
    render(
      <CrudProvider value={{ dictionary }}>
        <CrudFormDialog
          resource={resource}
          mode="add"
          open
          onOpenChange={() => {}}
          values={{ isSealed: 0, roleIds: '' }}
          onSubmit={onSubmit}
        />
      </CrudProvider>,
    );
    const sort = screen.getByLabelText('排序');
    sort.focus();
    await user.tab();
    expect(await screen.findByText('请输入字典排序')).toBeInTheDocument();
    await user.type(sort, '3');
    await user.click(screen.getByRole('switch', { name: '封存' }));
    await user.click(await screen.findByLabelText('上级'));
    await user.click(await screen.findByRole('treeitem', { name: '日志' }));
    await user.click(await screen.findByLabelText('角色'));
    await user.click(await screen.findByRole('option', { name: '管理员' }));
    await user.click(await screen.findByRole('option', { name: '用户' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ sort: 3, isSealed: 1, parentId: '2', roleIds: '1,2' });
  });

  it('leaves a choice among numbers that nothing was chosen for out of the body, not as ""', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    const resource = defineResource<Row>({
      name: 'group',
      columns: [
        { prop: 'name', label: '名称' },
        { prop: 'status', label: '启用状态', type: 'select', options: yesNo },
        { prop: 'platform', label: '平台', type: 'select', options: [{ label: 'dy', value: 'dy' }] },
      ],
    });
    render(
      <CrudProvider value={{ dictionary }}>
        <CrudFormDialog
          resource={resource}
          mode="add"
          open
          onOpenChange={() => {}}
          values={{ name: '', status: '', platform: '' }}
          onSubmit={onSubmit}
        />
      </CrudProvider>,
    );
    await user.type(screen.getByLabelText('名称'), 'a');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ name: 'a', platform: '' });
  });
});
