import { CirclePlus, Ellipsis, Eye, Pencil, Trash } from 'lucide-react';
import * as React from 'react';

import { Button, Popover, PopoverContent, PopoverTrigger, useUiLocale } from '@smart/ui';

export type CrudRowActionsProps = {
  /** Each button shows when its handler is given. */
  onView?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Tree resources: add a row under this one. */
  onAddChild?: () => void;
  /** The page's extra row actions, after the built-in ones. */
  extra?: React.ReactNode;
  /**
   * Icons only (a phone): each button keeps its name for assistive technology and as a tooltip; the page's own
   * actions, labelled buttons of any width, go behind one "more" button whose menu lists them.
   */
  compact?: boolean;
};

/** The action cell of a CRUD row: view, edit, delete, add child (trees), then the page's own actions. */
export function CrudRowActions({
  onView,
  onEdit,
  onDelete,
  onAddChild,
  extra,
  compact,
}: CrudRowActionsProps) {
  const { messages } = useUiLocale();
  const text = (label: string) => (compact ? <span className="sr-only">{label}</span> : label);
  const named = (label: string) => (compact ? { title: label } : {});
  return (
    <div data-slot="crud-row-actions" className="flex items-center justify-center gap-1">
      {onView ? (
        <Button variant="link" size="xs" onClick={onView} {...named(messages.view)}>
          <Eye aria-hidden />
          {text(messages.view)}
        </Button>
      ) : null}
      {onEdit ? (
        <Button variant="link" size="xs" onClick={onEdit} {...named(messages.edit)}>
          <Pencil aria-hidden />
          {text(messages.edit)}
        </Button>
      ) : null}
      {onDelete ? (
        <Button
          variant="link"
          size="xs"
          className="text-destructive"
          onClick={onDelete}
          {...named(messages.delete)}
        >
          <Trash aria-hidden />
          {text(messages.delete)}
        </Button>
      ) : null}
      {onAddChild ? (
        <Button
          variant="link"
          size="xs"
          data-action="add-child"
          onClick={onAddChild}
          {...named(messages.addChild)}
        >
          <CirclePlus aria-hidden />
          {text(messages.addChild)}
        </Button>
      ) : null}
      {compact && hasContent(extra) ? <MoreActions label={messages.moreActions}>{extra}</MoreActions> : extra}
    </div>
  );
}

/** Whether a node renders something of its own (a fragment or an array of nothing does not). */
function hasContent(node: React.ReactNode): boolean {
  if (node === null || node === undefined || typeof node === 'boolean' || node === '') return false;
  if (Array.isArray(node)) return node.some(hasContent);
  if (React.isValidElement(node) && node.type === React.Fragment)
    return hasContent((node.props as { children?: React.ReactNode }).children);
  return true;
}

/**
 * The page's actions of a row behind one icon button; choosing one closes the menu. Once opened, the menu stays
 * mounted while closed: an action may hold what it opens (a schedule dialog, a run's result) in its own state.
 */
function MoreActions({ label, children }: { label: string; children: React.ReactNode }) {
  const [open, setOpen] = React.useState(false);
  const [used, setUsed] = React.useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setUsed(true);
      }}
    >
      <PopoverTrigger asChild>
        <Button variant="link" size="xs" title={label} data-action="more">
          <Ellipsis aria-hidden />
          <span className="sr-only">{label}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent
        keepMounted={used}
        hidden={!open}
        align="end"
        className="flex w-auto min-w-32 flex-col items-stretch gap-1 p-1 [&_button]:justify-start"
        aria-label={label}
        role="group"
        // a click on an action (not on the menu's padding) chooses it: the menu gives way to what it opens
        onClick={(e) => {
          if ((e.target as HTMLElement).closest('button,a')) setOpen(false);
        }}
      >
        {children}
      </PopoverContent>
    </Popover>
  );
}
