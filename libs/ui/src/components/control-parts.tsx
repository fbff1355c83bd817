import { X } from 'lucide-react';
import type * as React from 'react';

import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';

/**
 * Props every form control of the kit accepts, so it works inside react-hook-form's
 * `FormField` + `FormControl` (which pass `id`, `aria-invalid` and `aria-describedby`) and `Field`.
 */
export type FormControlProps = {
  id?: string;
  name?: string;
  className?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'aria-required'?: boolean | 'true' | 'false';
  /** Called when the control loses focus (and when its popup closes), for on-blur validation. */
  onBlur?: () => void;
  /** The focusable element (react-hook-form focuses it on a validation error). */
  ref?: React.Ref<HTMLButtonElement>;
};

/** Pick the aria/id props of `FormControlProps` to spread on the focusable element. */
export function controlAria(props: FormControlProps) {
  return {
    id: props.id,
    'aria-label': props['aria-label'],
    'aria-labelledby': props['aria-labelledby'],
    'aria-invalid': props['aria-invalid'],
    'aria-describedby': props['aria-describedby'],
    'aria-required': props['aria-required'],
  };
}

/** Border box of a picker (trigger and clear button live inside). */
export const controlBoxClassName =
  'relative flex min-h-9 w-full min-w-0 items-center rounded-md border border-input bg-background text-sm text-foreground shadow-xs transition-colors focus-within:border-primary focus-within:ring-2 focus-within:ring-ring/40 has-[[aria-invalid=true]]:border-destructive has-[[aria-invalid=true]]:ring-destructive/30 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50';

/** The trigger button that fills a picker box. */
export const controlTriggerClassName =
  "flex min-h-8 min-w-0 flex-1 cursor-pointer items-center gap-2 rounded-md bg-transparent px-3 py-1 text-left outline-none disabled:cursor-not-allowed [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

export type ClearButtonProps = Omit<React.ComponentProps<'button'>, 'children'>;

/** Small × button that clears a picker's value. */
export function ClearButton({ className, ...props }: ClearButtonProps) {
  const { messages } = useUiLocale();
  return (
    <button
      type="button"
      data-slot="clear-button"
      aria-label={messages.clear}
      className={cn(
        'mr-1 flex size-6 shrink-0 cursor-pointer items-center justify-center rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none',
        className,
      )}
      {...props}
    >
      <X className="size-3.5" aria-hidden />
    </button>
  );
}

export type TagItem = { value: string; label: React.ReactNode; text: string };

export type SelectionTagsProps = {
  items: TagItem[];
  /** Show at most this many tags, then "+N". */
  maxTagCount?: number;
  disabled?: boolean;
  onRemove?: (value: string) => void;
  className?: string;
};

/** Chips of the selected values, each with a remove button, and a "+N" chip for the rest. */
export function SelectionTags({ items, maxTagCount, disabled, onRemove, className }: SelectionTagsProps) {
  const { messages } = useUiLocale();
  if (items.length === 0) return null;
  const shown = maxTagCount !== undefined && maxTagCount >= 0 ? items.slice(0, maxTagCount) : items;
  const rest = items.length - shown.length;
  return (
    <ul data-slot="selection-tags" className={cn('flex flex-wrap items-center gap-1 py-1 pl-2', className)}>
      {shown.map((item) => (
        <li
          key={item.value}
          data-slot="selection-tag"
          className="inline-flex h-6 max-w-48 items-center gap-0.5 rounded-sm bg-secondary pr-0.5 pl-2 text-xs text-secondary-foreground"
        >
          <span className="truncate">{item.label}</span>
          {onRemove ? (
            <button
              type="button"
              data-slot="selection-tag-remove"
              aria-label={messages.removeItem(item.text)}
              disabled={disabled}
              className="flex size-5 cursor-pointer items-center justify-center rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none"
              onClick={() => onRemove(item.value)}
            >
              <X className="size-3" aria-hidden />
            </button>
          ) : null}
        </li>
      ))}
      {rest > 0 ? (
        <li
          data-slot="selection-tag-more"
          className="inline-flex h-6 items-center rounded-sm bg-secondary px-2 text-xs text-secondary-foreground"
        >
          <span aria-hidden>+{rest}</span>
          <span className="sr-only">{messages.moreSelected(rest)}</span>
        </li>
      ) : null}
    </ul>
  );
}
