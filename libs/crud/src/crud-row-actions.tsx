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
};

/** The action cell of a CRUD row: view, edit, delete, add child (trees), then the page's own actions. */
export function CrudRowActions({ onView, onEdit, onDelete, onAddChild, extra }: CrudRowActionsProps) {
  const { messages } = useUiLocale();
  return (
    <div data-slot="crud-row-actions" className="flex items-center justify-center gap-1">
      {onView ? (
        <Button variant="link" size="xs" onClick={onView}>
          <Eye aria-hidden />
          {messages.view}
        </Button>
      ) : null}
      {onEdit ? (
        <Button variant="link" size="xs" onClick={onEdit}>
          <Pencil aria-hidden />
          {messages.edit}
        </Button>
      ) : null}
      {onDelete ? (
        <Button variant="link" size="xs" className="text-destructive" onClick={onDelete}>
          <Trash aria-hidden />
          {messages.delete}
        </Button>
      ) : null}
      {onAddChild ? (
        <Button variant="link" size="xs" data-action="add-child" onClick={onAddChild}>
          <CirclePlus aria-hidden />
          {messages.addChild}
        </Button>
      ) : null}
      {extra}
    </div>
  );
}
