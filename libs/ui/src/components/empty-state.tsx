import { Inbox } from 'lucide-react';
import type * as React from 'react';

import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';

export type EmptyStateProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  icon?: React.ReactNode;
  /** Defaults to "暂无数据" / "No data". */
  title?: React.ReactNode;
  description?: React.ReactNode;
  /** Buttons or links under the text. */
  action?: React.ReactNode;
};

export function EmptyState({ className, icon, title, description, action, ...props }: EmptyStateProps) {
  const { messages } = useUiLocale();
  return (
    <div
      data-slot="empty-state"
      className={cn('flex flex-col items-center justify-center gap-2 px-4 py-10 text-center', className)}
      {...props}
    >
      <div
        data-slot="empty-state-icon"
        className="text-muted-foreground [&_svg:not([class*='size-'])]:size-10"
        aria-hidden
      >
        {icon ?? <Inbox strokeWidth={1.25} />}
      </div>
      <div data-slot="empty-state-title" className="text-sm text-muted-foreground">
        {title ?? messages.noData}
      </div>
      {description ? (
        <div data-slot="empty-state-description" className="text-xs text-muted-foreground">
          {description}
        </div>
      ) : null}
      {action ? (
        <div data-slot="empty-state-action" className="mt-2">
          {action}
        </div>
      ) : null}
    </div>
  );
}
