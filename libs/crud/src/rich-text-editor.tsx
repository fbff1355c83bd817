import { Image } from '@tiptap/extension-image';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import * as React from 'react';

import { cn } from '@smart/ui';
import { isAllowedLink, toRichTextHtml } from './rich-text-html';
import { RichTextToolbar } from './rich-text-toolbar';

export type RichTextEditorProps = {
  /** HTML (or, for rows written before, plain text); '' when empty. */
  value: unknown;
  onChange?: (html: string) => void;
  onBlur?: () => void;
  /** The field's label: names the editing area and its toolbar. */
  label: string;
  placeholder?: string;
  /** View mode: the content, no toolbar, nothing editable. */
  readOnly?: boolean;
  disabled?: boolean;
  id?: string;
  name?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  /** The editing area (react-hook-form focuses it on an error). */
  ref?: React.Ref<HTMLElement>;
  className?: string;
};

/**
 * What the editor can hold: the tags of the notice allowlist (openapi/schemas/desk.yaml `NoticeFields.content`),
 * nothing more. The schema is a second filter: markup it has no node for is dropped on parsing.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4] },
    // no empty paragraph appended after a closing heading or list: opening a notice would change its value
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      // the server keeps absolute http, https and mailto links only (desk.yaml)
      isAllowedUri: (url, ctx) => !!ctx.defaultValidate(url) && isAllowedLink(url),
      HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
    },
  }),
  // images are not inserted from the toolbar, but a stored one is kept and shown
  Image.configure({ allowBase64: false }),
];

/** Tailwind resets headings and lists: the content's own look (the editor and the read-only view share it). */
const CONTENT_CLASS = cn(
  'min-h-32 px-3 py-2 text-sm outline-none',
  '[&_p]:my-1 [&_h1]:my-2 [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:my-2 [&_h2]:text-xl [&_h2]:font-semibold',
  '[&_h3]:my-1.5 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:my-1 [&_h4]:font-semibold',
  '[&_ul]:my-1 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-1 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_code]:text-xs',
  '[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-muted [&_pre]:p-2 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_a]:text-primary-text [&_a]:underline [&_hr]:my-3 [&_img]:max-w-full',
  // the placeholder of an empty editor, drawn before its one empty paragraph
  'data-[empty=true]:before:pointer-events-none data-[empty=true]:before:float-left data-[empty=true]:before:h-0',
  'data-[empty=true]:before:text-muted-foreground data-[empty=true]:before:content-[attr(data-placeholder)]',
);

/** The editing area, once the editor is mounted in the page (before that Tiptap's `view` throws). */
function mountedDom(editor: Editor): HTMLElement | undefined {
  try {
    return editor.view.dom;
  } catch {
    return undefined;
  }
}

/**
 * Passes the editing area to a ref given as an object or a callback: at once when the editor is mounted, else when it
 * mounts (in a dialog that opens, the editor is created before its element is in the page).
 */
function useDomRef(editor: Editor | null, ref: React.Ref<HTMLElement> | undefined) {
  React.useEffect(() => {
    if (!editor || !ref) return;
    let cleanup: (() => void) | undefined;
    const attach = () => {
      const dom = mountedDom(editor);
      if (!dom || cleanup) return;
      if (typeof ref === 'function') {
        const done = ref(dom);
        cleanup = () => (typeof done === 'function' ? done() : ref(null));
      } else {
        ref.current = dom;
        cleanup = () => {
          ref.current = null;
        };
      }
    };
    attach();
    editor.on('mount', attach);
    return () => {
      editor.off('mount', attach);
      cleanup?.();
    };
  }, [editor, ref]);
}

/** Values sent to a parent that never echoes them (no form) are not kept forever. */
const MAX_PENDING = 50;

const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The `richtext` control of the CRUD kit (Tiptap): a labelled multi-line text box with a formatting toolbar; its
 * value is HTML, sanitised on the way in (rich-text-html.ts) and again by the server on the way to storage
 * (apps/server/src/modules/desk/notice/notice-html.ts). In view mode it shows the content read-only.
 */
export function RichTextEditor({
  value,
  onChange,
  onBlur,
  label,
  placeholder,
  readOnly = false,
  disabled = false,
  id,
  name,
  ref,
  className,
  ...aria
}: RichTextEditorProps) {
  const locked = readOnly || disabled;
  // A value from outside (the form reset to the detail) replaces the content; the editor's own values, echoed back
  // through the form, do not (that would reset the cursor on every keystroke). The echoes can lag behind typing — a
  // render may bring the value of the keystroke before last — so every value sent and not yet echoed is kept.
  const shown = React.useRef(asText(value));
  const sent = React.useRef<string[]>([]);
  const callbacks = React.useRef({ onChange, onBlur });
  React.useEffect(() => {
    callbacks.current = { onChange, onBlur };
  });
  const [initialContent] = React.useState(() => toRichTextHtml(value));
  const [empty, setEmpty] = React.useState(initialContent === '');

  // the editing area is the field: a multi-line text box named by the field's label (a <label for> cannot name a
  // contenteditable), described by the form's messages
  const invalid = aria['aria-invalid'];
  const describedBy = aria['aria-describedby'];
  const required = aria['aria-required'];
  const editorProps = React.useMemo(() => {
    const attributes: Record<string, string> = {
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-label': label,
      class: CONTENT_CLASS,
      'data-empty': String(empty && !readOnly),
    };
    if (id) attributes.id = id;
    // a read-only text box is still reached with Tab, as a read-only input is
    if (readOnly) Object.assign(attributes, { 'aria-readonly': 'true', tabindex: '0' });
    if (disabled) attributes['aria-disabled'] = 'true';
    if (invalid) attributes['aria-invalid'] = 'true';
    if (required) attributes['aria-required'] = 'true';
    if (describedBy) attributes['aria-describedby'] = describedBy;
    if (placeholder && !readOnly) attributes['data-placeholder'] = placeholder;
    return { attributes };
  }, [id, label, readOnly, disabled, invalid, required, describedBy, placeholder, empty]);

  // (Tiptap's useEditor applies changed options, these attributes among them, on the next render)
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent,
    editable: !locked,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      setEmpty(e.isEmpty);
      sent.current = [...sent.current.slice(-(MAX_PENDING - 1)), html];
      callbacks.current.onChange?.(html);
    },
    onBlur: () => callbacks.current.onBlur?.(),
  });

  React.useEffect(() => {
    const next = asText(value);
    if (!editor || next === shown.current) return;
    shown.current = next;
    const echo = sent.current.indexOf(next);
    if (echo >= 0) {
      sent.current = sent.current.slice(echo + 1);
      return;
    }
    sent.current = [];
    // not an undo step: the operator did not make this change
    editor
      .chain()
      .setMeta('addToHistory', false)
      .setContent(toRichTextHtml(next), { emitUpdate: false })
      .run();
    setEmpty(editor.isEmpty);
  }, [editor, value]);

  React.useEffect(() => {
    editor?.setEditable(!locked, false);
  }, [editor, locked]);

  useDomRef(editor, ref);

  return (
    <div
      data-slot="rich-text"
      data-readonly={readOnly || undefined}
      className={cn(
        'w-full min-w-0 rounded-md border border-input bg-background shadow-xs',
        'focus-within:border-primary focus-within:ring-2 focus-within:ring-ring/30',
        invalid && 'border-destructive',
        disabled && !readOnly && 'opacity-50',
        readOnly && 'bg-muted/30',
        className,
      )}
    >
      {editor && !readOnly ? (
        <RichTextToolbar editor={editor} label={label} disabled={disabled} controls={id} />
      ) : null}
      <EditorContent editor={editor} data-name={name} />
    </div>
  );
}
