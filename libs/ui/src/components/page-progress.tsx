import * as ProgressPrimitive from '@radix-ui/react-progress';
import * as React from 'react';

import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';

/** null = hidden; otherwise 0..1. */
export type PageProgressValue = number | null;

export interface PageProgressStore {
  /** Show the bar (if hidden) and start trickling towards 99%. Nested starts are counted. */
  start(): void;
  /** Finish one start; at the last one, jump to 100% and hide shortly after. `force` ends all. */
  done(force?: boolean): void;
  /** Set the value (0..1) and show the bar. */
  set(value: number): void;
  /** Advance by `amount`, or by a step that shrinks as the bar fills. */
  inc(amount?: number): void;
  isStarted(): boolean;
  subscribe(listener: () => void): () => void;
  getSnapshot(): PageProgressValue;
}

export interface PageProgressOptions {
  /** First value shown by start(). Default 0.08. */
  minimum?: number;
  /** Interval of the trickle, ms. Default 250. */
  trickleSpeed?: number;
  /** Delay before the finished bar hides, ms. Default 250. */
  hideDelay?: number;
}

/** An NProgress-like controller; the `<PageProgress />` component draws it. */
export function createPageProgress({
  minimum = 0.08,
  trickleSpeed = 250,
  hideDelay = 250,
}: PageProgressOptions = {}): PageProgressStore {
  let value: PageProgressValue = null;
  let pending = 0;
  let trickle: ReturnType<typeof setInterval> | undefined;
  let hide: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const emit = (next: PageProgressValue) => {
    value = next;
    listeners.forEach((l) => l());
  };
  const clamp = (n: number) => Math.min(Math.max(n, minimum), 1);
  const stopTimers = () => {
    if (trickle) clearInterval(trickle);
    if (hide) clearTimeout(hide);
    trickle = undefined;
    hide = undefined;
  };

  const store: PageProgressStore = {
    start() {
      pending += 1;
      if (hide) {
        clearTimeout(hide);
        hide = undefined;
      }
      if (value === null || value >= 1) emit(minimum);
      trickle ??= setInterval(() => store.inc(), trickleSpeed);
    },
    done(force = false) {
      pending = force ? 0 : Math.max(0, pending - 1);
      if (pending > 0 || value === null) return;
      stopTimers();
      emit(1);
      hide = setTimeout(() => {
        hide = undefined;
        emit(null);
      }, hideDelay);
    },
    set(next) {
      emit(clamp(next));
    },
    inc(amount) {
      if (value === null) return;
      if (value >= 0.994) return;
      const step =
        amount ?? (value < 0.2 ? 0.1 : value < 0.5 ? 0.04 : value < 0.8 ? 0.02 : value < 0.99 ? 0.005 : 0);
      emit(Math.min(clamp(value + step), 0.994));
    },
    isStarted: () => pending > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => value,
  };
  return store;
}

/** The app-wide page progress: `pageProgress.start()` on navigation, `pageProgress.done()` when loaded. */
export const pageProgress = createPageProgress();

export type PageProgressProps = Omit<React.ComponentProps<typeof ProgressPrimitive.Root>, 'value' | 'max'> & {
  /** The controller to draw. Default: the shared `pageProgress`. */
  store?: PageProgressStore;
  /** Drive it declaratively: true starts, false finishes (e.g. a router's navigation state). */
  active?: boolean;
  /** Accessible name. Default: "页面加载中" / "Loading page". */
  label?: string;
};

/**
 * A thin bar fixed to the top of the page while a page loads. Width changes animate only when the user
 * does not ask for reduced motion; the bar is a labelled `progressbar` for assistive technology.
 */
export function PageProgress({
  store = pageProgress,
  active,
  label,
  className,
  ...props
}: PageProgressProps) {
  const { messages } = useUiLocale();
  const value = React.useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  React.useEffect(() => {
    if (active === undefined) return;
    if (active) {
      store.start();
      return () => store.done();
    }
    return undefined;
  }, [active, store]);

  if (value === null) return null;
  const percent = Math.round(value * 100);
  return (
    <ProgressPrimitive.Root
      data-slot="page-progress"
      value={percent}
      max={100}
      aria-label={label ?? messages.pageLoading}
      className={cn('pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="page-progress-indicator"
        className="h-full bg-primary shadow-[0_0_8px_var(--primary)] motion-safe:transition-[width] motion-safe:duration-200 motion-safe:ease-out"
        style={{ width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
