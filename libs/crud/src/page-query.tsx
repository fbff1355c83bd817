import * as React from 'react';

/**
 * The query string of the tab a page is shown in (`/dy/dy_comm_log?groupId_equal=42` → `{ groupId_equal: '42' }`).
 * Every open tab stays mounted (docs/architecture.md §4), so a page cannot read its filters from the router's current
 * location, which belongs to the tab on screen: the shell gives each tab's page its own query through this context.
 */
const PageQueryContext = React.createContext<Readonly<Record<string, string>>>({});

export function PageQueryProvider({
  value,
  children,
}: {
  value: Readonly<Record<string, string>>;
  children?: React.ReactNode;
}) {
  return <PageQueryContext.Provider value={value}>{children}</PageQueryContext.Provider>;
}

/** The query of the page's tab; `{}` outside the shell. */
export function usePageQuery(): Readonly<Record<string, string>> {
  return React.useContext(PageQueryContext);
}
