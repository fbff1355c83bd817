import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  List,
  ListOrdered,
  Redo2,
  Strikethrough,
  TextQuote,
  Underline,
  Undo2,
} from 'lucide-react';
import * as React from 'react';

import { IconButton, useUiLocale } from '@smart/ui';
import { RichTextLinkButton } from './rich-text-link';

/** What the toolbar shows as pressed or unavailable, read from the editor on each transaction. */
function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      heading2: e.isActive('heading', { level: 2 }),
      heading3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
}

type ToolbarState = ReturnType<typeof useToolbarState>;

interface Tool {
  key: string;
  label: string;
  icon: React.ReactNode;
  /** Toggles show their state (aria-pressed); actions do not. */
  pressed?: boolean;
  unavailable?: boolean;
  run: () => void;
}

function formatTools(
  editor: Editor,
  state: ToolbarState,
  m: ReturnType<typeof useUiLocale>['messages'],
): Tool[][] {
  const chain = () => editor.chain().focus();
  return [
    [
      {
        key: 'bold',
        label: m.richTextBold,
        icon: <Bold />,
        pressed: state.bold,
        run: () => chain().toggleBold().run(),
      },
      {
        key: 'italic',
        label: m.richTextItalic,
        icon: <Italic />,
        pressed: state.italic,
        run: () => chain().toggleItalic().run(),
      },
      {
        key: 'underline',
        label: m.richTextUnderline,
        icon: <Underline />,
        pressed: state.underline,
        run: () => chain().toggleUnderline().run(),
      },
      {
        key: 'strike',
        label: m.richTextStrike,
        icon: <Strikethrough />,
        pressed: state.strike,
        run: () => chain().toggleStrike().run(),
      },
    ],
    [
      {
        key: 'heading2',
        label: m.richTextHeading2,
        icon: <Heading2 />,
        pressed: state.heading2,
        run: () => chain().toggleHeading({ level: 2 }).run(),
      },
      {
        key: 'heading3',
        label: m.richTextHeading3,
        icon: <Heading3 />,
        pressed: state.heading3,
        run: () => chain().toggleHeading({ level: 3 }).run(),
      },
      {
        key: 'bulletList',
        label: m.richTextBulletList,
        icon: <List />,
        pressed: state.bulletList,
        run: () => chain().toggleBulletList().run(),
      },
      {
        key: 'orderedList',
        label: m.richTextOrderedList,
        icon: <ListOrdered />,
        pressed: state.orderedList,
        run: () => chain().toggleOrderedList().run(),
      },
      {
        key: 'blockquote',
        label: m.richTextBlockquote,
        icon: <TextQuote />,
        pressed: state.blockquote,
        run: () => chain().toggleBlockquote().run(),
      },
    ],
  ];
}

function historyTools(
  editor: Editor,
  state: ToolbarState,
  m: ReturnType<typeof useUiLocale>['messages'],
): Tool[] {
  return [
    {
      key: 'undo',
      label: m.richTextUndo,
      icon: <Undo2 />,
      unavailable: !state.canUndo,
      run: () => editor.chain().focus().undo().run(),
    },
    {
      key: 'redo',
      label: m.richTextRedo,
      icon: <Redo2 />,
      unavailable: !state.canRedo,
      run: () => editor.chain().focus().redo().run(),
    },
  ];
}

const NEXT: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * The toolbar of a rich text field: one Tab stop, arrow keys between its buttons (the WAI-ARIA toolbar pattern the
 * kit's other composite controls follow), each button named in the operator's language. Clicking keeps the
 * editor's selection; the formatting applies to it.
 */
export function RichTextToolbar({
  editor,
  label,
  disabled,
  controls,
}: {
  editor: Editor;
  /** The field's label: the toolbar is named after it. */
  label: string;
  disabled?: boolean;
  /** The id of the editing area the toolbar acts on. */
  controls?: string;
}) {
  const { messages: m } = useUiLocale();
  const state = useToolbarState(editor);
  const ref = React.useRef<HTMLDivElement>(null);
  // the one button reached by Tab (roving tabindex); the others by the arrow keys
  const [current, setCurrent] = React.useState(0);

  const buttons = () => Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('[data-tool]') ?? []);
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const move = NEXT[event.key];
    const all = buttons();
    const index = all.indexOf(event.target as HTMLButtonElement);
    if (!move || index < 0) return;
    event.preventDefault();
    all[move(index, all.length)]?.focus();
  };
  const toolProps = (index: number, unavailable: boolean | undefined) => ({
    'data-tool': '',
    size: 'icon-sm' as const,
    tabIndex: index === current ? 0 : -1,
    onFocus: () => setCurrent(index),
    // a disabled button would drop out of the arrow-key order: it says so instead, and does nothing
    'aria-disabled': disabled || unavailable || undefined,
    className: 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-pressed:bg-accent',
    // keep the editor's focus and selection: the command acts on what was selected
    onMouseDown: (event: React.MouseEvent) => event.preventDefault(),
  });

  let index = 0;
  const renderTool = (tool: Tool) => (
    <IconButton
      key={tool.key}
      label={tool.label}
      aria-pressed={tool.pressed}
      {...toolProps(index++, tool.unavailable)}
      onClick={() => {
        if (!disabled && !tool.unavailable) tool.run();
      }}
    >
      {tool.icon}
    </IconButton>
  );
  const groupClass = 'flex items-center gap-0.5 border-r pr-1 last:border-r-0';
  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={m.richTextToolbar(label)}
      aria-controls={controls}
      data-slot="rich-text-toolbar"
      className="flex flex-wrap items-center gap-1 border-b p-1"
      onKeyDown={onKeyDown}
    >
      {formatTools(editor, state, m).map((group) => (
        <div key={group[0]!.key} className={groupClass}>
          {group.map(renderTool)}
        </div>
      ))}
      <div className={groupClass}>
        <RichTextLinkButton
          editor={editor}
          active={state.link}
          disabled={disabled}
          {...toolProps(index++, false)}
        />
      </div>
      <div className={groupClass}>{historyTools(editor, state, m).map(renderTool)}</div>
    </div>
  );
}
