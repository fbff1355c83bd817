import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { UiLocaleProvider } from '@smart/ui';
import { CrudProvider } from './crud-context';
import { CrudControl } from './crud-field';
import { CrudFormDialog } from './crud-form-dialog';
import { defineResource } from './define-resource';
import { RichTextEditor } from './rich-text-editor';
import type { CrudColumn } from './types';

type Row = Record<string, unknown>;

// ProseMirror measures the selection to scroll it into view; jsdom lays nothing out
beforeAll(() => {
  const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect ??= () => rect as DOMRect;
  Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  document.elementFromPoint ??= () => null;
});

const column: CrudColumn<Row> = { prop: 'content', label: '通知内容', type: 'richtext' };

/** The control as a form holds it: the value comes back as the next render's prop. */
function Controlled({
  initial = '',
  readOnly,
  onChange,
}: {
  initial?: string;
  readOnly?: boolean;
  onChange?: (html: string) => void;
}) {
  const [value, setValue] = React.useState(initial);
  return (
    <RichTextEditor
      label="通知内容"
      value={value}
      readOnly={readOnly}
      onChange={(html) => {
        onChange?.(html);
        setValue(html);
      }}
    />
  );
}

const box = () => screen.getByRole('textbox', { name: '通知内容' });
const lastCall = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.at(-1)?.[0] as string | undefined;

describe('rich text field', () => {
  it('is loaded on demand by the CRUD kit for the richtext type, named by its label', async () => {
    render(
      <CrudProvider value={{}}>
        <CrudControl column={column} value="<p>正文</p>" onChange={() => {}} />
      </CrudProvider>,
    );
    const editor = await screen.findByRole('textbox', { name: '通知内容' });
    expect(editor).toHaveAttribute('aria-multiline', 'true');
    expect(editor).toHaveTextContent('正文');
    expect(screen.getByRole('toolbar', { name: '通知内容格式' })).toBeInTheDocument();
  });

  it('turns typed bold text into <strong>', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await user.click(box());
    await user.click(screen.getByRole('button', { name: '加粗' }));
    expect(screen.getByRole('button', { name: '加粗' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('全体');
    await waitFor(() => expect(lastCall(onChange)).toBe('<p><strong>全体</strong></p>'));
    await user.keyboard('{Control>}b{/Control}员工');
    await waitFor(() => expect(lastCall(onChange)).toBe('<p><strong>全体</strong>员工</p>'));
  });

  it('gives back the HTML it was given', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const html =
      '<h2>标题</h2><p><strong>粗</strong><em>斜</em><u>下</u><s>删</s>' +
      '<a target="_blank" rel="noopener noreferrer" href="https://example.com">链</a></p>' +
      '<ul><li><p>一</p></li></ul><ol><li><p>二</p></li></ol><blockquote><p>引</p></blockquote><p>末</p>';
    render(<Controlled initial={html} onChange={onChange} />);
    expect(box().querySelector('h2')).toHaveTextContent('标题');
    await user.click(box());
    await user.keyboard('x{Backspace}');
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
    expect(lastCall(onChange)).toBe(html);
  });

  it('answers an emptied editor as no value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled initial="<p>a</p>" onChange={onChange} />);
    await user.click(box());
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await waitFor(() => expect(lastCall(onChange)).toBe(''));
  });

  it('takes a new value from outside without reporting it as a change', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<RichTextEditor label="通知内容" value="<p>旧</p>" onChange={onChange} />);
    rerender(<RichTextEditor label="通知内容" value="<p>新的<em>正文</em></p>" onChange={onChange} />);
    await waitFor(() => expect(box()).toHaveTextContent('新的正文'));
    expect(box().querySelector('em')).toHaveTextContent('正文');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps what is typed when the form echoes a value late', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    function Lagging() {
      // each render brings the value of the keystroke before last, as a busy form may
      const [values, setValues] = React.useState<string[]>(['<p>甲</p>']);
      return (
        <RichTextEditor
          label="通知内容"
          value={values.at(-2) ?? values[0]}
          onChange={(html) => {
            onChange(html);
            setValues((v) => [...v, html]);
          }}
        />
      );
    }
    render(<Lagging />);
    await user.click(box());
    await user.keyboard('乙丙丁');
    await waitFor(() => expect(lastCall(onChange)).toBe('<p>乙丙丁甲</p>'));
    expect(box()).toHaveTextContent('乙丙丁甲');
  });

  it('shows old plain text one paragraph a line', () => {
    render(<RichTextEditor label="通知内容" value={'第一行\n第二行 1 &lt; 2'} />);
    const paragraphs = box().querySelectorAll('p');
    expect([...paragraphs].map((p) => p.textContent)).toEqual(['第一行', '第二行 1 < 2']);
  });

  it('never renders scripts, handlers or javascript: links', () => {
    render(
      <RichTextEditor
        label="通知内容"
        readOnly
        value={
          '<p onclick="window.hacked=1">正文<img src="x" onerror="window.hacked=1">' +
          '<a href="javascript:alert(1)">点我</a></p><script>window.hacked=1</script><iframe src="https://e.com"></iframe>'
        }
      />,
    );
    const editor = box();
    expect(editor).toHaveTextContent('正文点我');
    expect(editor.querySelector('script, iframe, img, [onclick], [onerror]')).toBeNull();
    expect(editor.querySelector('a')?.getAttribute('href') ?? null).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('is read-only in view mode: no toolbar, nothing to type into', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled initial="<p><strong>只读</strong></p>" readOnly onChange={onChange} />);
    const editor = box();
    expect(editor).toHaveAttribute('contenteditable', 'false');
    expect(editor).toHaveAttribute('aria-readonly', 'true');
    expect(editor).toHaveAttribute('tabindex', '0');
    expect(screen.queryByRole('toolbar')).toBeNull();
    await user.type(editor, '改');
    expect(onChange).not.toHaveBeenCalled();
    expect(editor).toHaveTextContent('只读');
  });

  it('has one Tab stop in its toolbar and moves between buttons with the arrow keys', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">before</button>
        <Controlled initial="<p>a</p>" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    const toolbar = screen.getByRole('toolbar', { name: '通知内容格式' });
    expect(within(toolbar).getByRole('button', { name: '加粗' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(toolbar).getByRole('button', { name: '斜体' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(toolbar).getByRole('button', { name: '重做' })).toHaveFocus();
    expect(within(toolbar).getByRole('button', { name: '重做' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{ArrowRight}');
    expect(within(toolbar).getByRole('button', { name: '加粗' })).toHaveFocus();
    await user.tab();
    expect(box()).toHaveFocus();
    for (const name of [
      '下划线',
      '删除线',
      '二级标题',
      '三级标题',
      '无序列表',
      '有序列表',
      '引用',
      '链接',
      '撤销',
    ])
      expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument();
  });

  it('links the selected text to an address the server keeps', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled initial="<p>官网</p>" onChange={onChange} />);
    await user.click(box());
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: '链接' }));
    const address = await screen.findByLabelText('链接地址');
    await user.type(address, 'javascript:alert(1){Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '请输入以 http://、https:// 或 mailto: 开头的地址',
    );
    await user.clear(address);
    await user.type(address, 'example.com{Enter}');
    await waitFor(() =>
      expect(lastCall(onChange)).toBe(
        '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com">官网</a></p>',
      ),
    );
    await waitFor(() => expect(screen.queryByLabelText('链接地址')).toBeNull());
  });

  it('speaks English when the kit does', () => {
    render(
      <UiLocaleProvider locale="en">
        <RichTextEditor label="Content" value="" />
      </UiLocaleProvider>,
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Content formatting' });
    for (const name of ['Bold', 'Italic', 'Underline', 'Strikethrough', 'Heading 2', 'Link', 'Undo', 'Redo'])
      expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument();
  });

  it('is a field of the CRUD dialog: labelled, read-only in view mode, saved as HTML', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    const resource = defineResource<Row>({
      name: 'notice',
      columns: [{ prop: 'content', label: '通知内容', type: 'richtext', span: 24 }],
    });
    const dialog = (mode: 'edit' | 'view') => (
      <CrudProvider value={{}}>
        <CrudFormDialog
          resource={resource}
          mode={mode}
          open
          onOpenChange={() => {}}
          values={{ content: '<p>旧</p>' }}
          onSubmit={onSubmit}
        />
      </CrudProvider>
    );
    const { rerender } = render(dialog('edit'));
    const editor = await screen.findByRole('textbox', { name: '通知内容' });
    await user.click(editor);
    await user.click(screen.getByRole('button', { name: '斜体' }));
    await user.keyboard('新');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ content: '<p><em>新</em>旧</p>' }));

    await act(async () => rerender(dialog('view')));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: '通知内容' })).toHaveAttribute('aria-readonly'),
    );
    expect(screen.queryByRole('toolbar')).toBeNull();
  });
});
