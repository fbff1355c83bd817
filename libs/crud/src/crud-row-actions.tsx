import { CirclePlus, Eye, Pencil, Trash } from 'lucide-react';
import type * as React from 'react';

import { Button, useUiLocale } from '@smart/ui';

export type CrudRowActionsProps = {
  /** Each button shows when its handler is given. */
  onView?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Tree resources: add a row under this one. */
  onAddChild?: () => void;
  /** The page's extra row actions, after the built-in ones. */
  extra?: React.ReactNode;
  /** Icons only (a phone): each button keeps its name for assistive technology and as a tooltip. */
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
      {extra}
    </div>
  );
}
