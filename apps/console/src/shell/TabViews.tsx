import type { Tab } from '@smart/auth';
import { Spinner } from '@smart/ui';
import { Activity, memo, Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary';

interface TabViewsProps {
  tabs: Tab[];
  /** The value of the tab on screen. */
  current: string;
  /** The page of a tab, or null when no view knows it. */
  render: (tab: Tab) => ReactNode;
  /** Bumped by "refresh": a new number remounts that tab's page (fresh state, effects, queries). */
  versions?: Readonly<Record<string, number>>;
}

/**
 * Every open tab's page stays mounted inside `<Activity>`: the hidden ones keep their state and DOM while another
 * is shown (their effects pause), and come back as they were. Each has its own error boundary.
 */
export function TabViews({ tabs, current, render, versions = {} }: TabViewsProps) {
  return tabs.map((tab) => {
    if (render(tab) == null) return null;
    return (
      <Activity
        key={`${tab.value}#${versions[tab.value] ?? 0}`}
        mode={tab.value === current ? 'visible' : 'hidden'}
      >
        <ErrorBoundary>
          <Suspense
            fallback={
              <div className="flex h-40 items-center justify-center">
                <Spinner />
              </div>
            }
          >
            <TabPage tab={tab} render={render} />
          </Suspense>
        </ErrorBoundary>
      </Activity>
    );
  });
}

/**
 * A tab's page, rendered again only when its tab changes. Switching tabs re-renders the layout twice (the route,
 * then the tab store); without this every kept-alive page re-rendered with it.
 */
const TabPage = memo(
  function TabPage({ tab, render }: { tab: Tab; render: (tab: Tab) => ReactNode }) {
    return render(tab);
  },
  (a, b) => a.render === b.render && a.tab.value === b.tab.value && a.tab.label === b.tab.label,
);
