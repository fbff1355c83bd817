// Meta of the static routes (docs/spec.md §2 "Public routes"): they need no login and never become tabs.
export interface RouteMeta {
  [key: string]: unknown;
  isAuth?: boolean;
  isTab?: boolean;
}

const PUBLIC: Record<string, RouteMeta> = {
  '/login': { isAuth: false, isTab: false },
  '/lock': { isAuth: false, isTab: false },
  '/403': { isAuth: false, isTab: false },
  '/404': { isAuth: false, isTab: false },
  '/500': { isAuth: false, isTab: false },
};

export function routeMeta(path: string): RouteMeta {
  // The third-party sign-in callback is public too.
  if (path.startsWith('/oauth/callback/')) return { isAuth: false, isTab: false };
  return PUBLIC[path] ?? {};
}
