import type { Editor } from '@tiptap/react';
import { Link, Unlink } from 'lucide-react';
import * as React from 'react';

import {
  Button,
  IconButton,
  type IconButtonProps,
  Input,
  Label,
  Popover,
  PopoverContent,
  PopoverTrigger,
  useUiLocale,
} from '@smart/ui';
import { isAllowedLink } from './rich-text-html';

/** What an operator types as an address: `example.com` means https, `a@example.com` a mail address. */
export function normaliseLink(input: string): string {
  const url = input.trim();
  if (!url || /^[a-z][a-z\d+.-]*:/i.test(url)) return url;
  return /^[^\s/@]+@[^\s/@]+$/.test(url) ? `mailto:${url}` : `https://${url}`;
}

type LinkButtonProps = Omit<IconButtonProps, 'label' | 'children' | 'onClick'> & {
  editor: Editor;
  /** The selection is in a link: the form edits or removes it. */
  active: boolean;
  disabled?: boolean;
};

/**
 * The toolbar's link button and its small form: the address of the selected text's link, or of a new link (the
 * address itself becomes the text when nothing is selected). Only addresses the server keeps are accepted
 * (desk.yaml: absolute http, https or mailto).
 */
export function RichTextLinkButton({ editor, active, disabled, ...buttonProps }: LinkButtonProps) {
  const { messages: m } = useUiLocale();
  const [open, setOpen] = React.useState(false);
  const [url, setUrl] = React.useState('');
  const [invalid, setInvalid] = React.useState(false);
  const inputId = React.useId();
  const errorId = `${inputId}-error`;
  // after a change the editor keeps the focus; Radix would otherwise return it to the button
  const toEditor = React.useRef(false);

  const onOpenChange = (next: boolean) => {
    if (next && disabled) return;
    if (next) {
      setUrl(String(editor.getAttributes('link').href ?? ''));
      setInvalid(false);
      toEditor.current = false;
    }
    setOpen(next);
  };

  const close = () => {
    toEditor.current = true;
    setOpen(false);
  };

  const apply = () => {
    const href = normaliseLink(url);
    if (!isAllowedLink(href)) {
      setInvalid(true);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    close();
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    close();
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <IconButton label={m.richTextLink} aria-pressed={active} aria-haspopup="dialog" {...buttonProps}>
          <Link />
        </IconButton>
      </PopoverTrigger>
      <PopoverContent
        role="dialog"
        aria-label={m.richTextLink}
        className="grid w-80 gap-2"
        onCloseAutoFocus={(event) => {
          if (toEditor.current) event.preventDefault();
        }}
      >
        <Label htmlFor={inputId}>{m.richTextLinkUrl}</Label>
        {/* no <form>: the popover sits in the dialog's form in React's tree, and a submit would bubble to it */}
        <Input
          id={inputId}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            setUrl(event.target.value);
            setInvalid(false);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            apply();
          }}
        />
        {invalid ? (
          <p id={errorId} role="alert" className="text-xs text-destructive">
            {m.richTextLinkInvalid}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          {active ? (
            <Button size="sm" onClick={remove}>
              <Unlink />
              {m.richTextLinkRemove}
            </Button>
          ) : null}
          <Button size="sm" variant="primary" onClick={apply}>
            {m.confirm}
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
