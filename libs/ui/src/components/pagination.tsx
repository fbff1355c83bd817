import { ChevronLeft, ChevronRight, Ellipsis } from 'lucide-react';
import * as React from 'react';

import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';
import { Button } from './button';
import { inputClassName } from './input';
import { SimpleSelect } from './select';

/** Page sizes offered by default (docs/spec.md §9). */
export const DEFAULT_PAGE_SIZES = [10, 30, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** Page numbers to show: all when few, else first, a window around the current page, last. */
export function getPageItems(current: number, pageCount: number, pagerCount = 7): PageItem[] {
  if (pageCount <= pagerCount) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const side = Math.floor((pagerCount - 3) / 2);
  const showStart = current > side + 2;
  const showEnd = current < pageCount - side - 1;
  const items: PageItem[] = [1];
  let from: number;
  let to: number;
  if (!showStart) {
    from = 2;
    to = pagerCount - 2;
  } else if (!showEnd) {
    from = pageCount - (pagerCount - 3);
    to = pageCount - 1;
  } else {
    from = current - side + 1;
    to = current + side - 1;
  }
  if (showStart) items.push('ellipsis-start');
  for (let p = from; p <= to; p += 1) items.push(p);
  if (showEnd) items.push('ellipsis-end');
  items.push(pageCount);
  return items;
}

export type PaginationProps = Omit<React.ComponentProps<'nav'>, 'onChange'> & {
  /** 1-based current page. */
  current: number;
  size: number;
  total: number;
  /** Called with the new page and size; a size change resets the page to 1. */
  onChange: (next: { current: number; size: number }) => void;
  pageSizes?: readonly number[];
  showTotal?: boolean;
  showSizeChanger?: boolean;
  showJumper?: boolean;
  disabled?: boolean;
};

export function Pagination({
  current,
  size,
  total,
  onChange,
  pageSizes = DEFAULT_PAGE_SIZES,
  showTotal = true,
  showSizeChanger = true,
  showJumper = true,
  disabled = false,
  className,
  ...props
}: PaginationProps) {
  const { messages } = useUiLocale();
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, size)));
  const page = Math.min(Math.max(1, current), pageCount);
  const [jump, setJump] = React.useState('');

  const go = (p: number) => {
    const target = Math.min(Math.max(1, p), pageCount);
    if (target !== current) onChange({ current: target, size });
  };

  const commitJump = () => {
    const n = Number.parseInt(jump, 10);
    if (Number.isFinite(n)) go(n);
    setJump('');
  };

  const sizes = pageSizes.includes(size) ? pageSizes : [...pageSizes, size].sort((a, b) => a - b);

  return (
    <nav
      data-slot="pagination"
      aria-label={messages.pagination}
      className={cn('flex flex-wrap items-center justify-end gap-2 text-sm', className)}
      {...props}
    >
      {showTotal ? (
        <span data-slot="pagination-total" className="text-muted-foreground">
          {messages.total(total)}
        </span>
      ) : null}
      {showSizeChanger ? (
        <SimpleSelect
          size="sm"
          className="w-28"
          aria-label={messages.pageSizeLabel}
          disabled={disabled}
          value={String(size)}
          onValueChange={(value) => onChange({ current: 1, size: Number(value) })}
          options={sizes.map((s) => ({ value: String(s), label: messages.pageSize(s) }))}
        />
      ) : null}
      <Button
        data-slot="pagination-previous"
        variant="ghost"
        size="icon-sm"
        aria-label={messages.previousPage}
        disabled={disabled || page <= 1}
        onClick={() => go(page - 1)}
      >
        <ChevronLeft aria-hidden />
      </Button>
      <ul data-slot="pagination-pages" className="flex items-center gap-1">
        {getPageItems(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Button
                data-slot="pagination-page"
                variant={item === page ? 'outline' : 'ghost'}
                size="icon-sm"
                className={cn('min-w-8 w-auto px-2', item === page && 'font-semibold')}
                aria-label={messages.pageN(item)}
                aria-current={item === page ? 'page' : undefined}
                disabled={disabled}
                onClick={() => go(item)}
              >
                {item}
              </Button>
            </li>
          ) : (
            <li key={item}>
              <Button
                data-slot="pagination-ellipsis"
                variant="ghost"
                size="icon-sm"
                aria-label={messages.morePages}
                disabled={disabled}
                onClick={() => go(item === 'ellipsis-start' ? page - 5 : page + 5)}
              >
                <Ellipsis aria-hidden />
              </Button>
            </li>
          ),
        )}
      </ul>
      <Button
        data-slot="pagination-next"
        variant="ghost"
        size="icon-sm"
        aria-label={messages.nextPage}
        disabled={disabled || page >= pageCount}
        onClick={() => go(page + 1)}
      >
        <ChevronRight aria-hidden />
      </Button>
      {showJumper ? (
        <label data-slot="pagination-jumper" className="flex items-center gap-1.5 text-muted-foreground">
          {messages.goTo}
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={pageCount}
            disabled={disabled}
            value={jump}
            onChange={(e) => setJump(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commitJump();
            }}
            onBlur={commitJump}
            className={cn(inputClassName, 'h-8 w-14 px-2 text-center')}
          />
          {messages.page}
        </label>
      ) : null}
    </nav>
  );
}
