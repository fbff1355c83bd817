// Turns the server's menu forest into what the shell needs: normalised items, leaves for search, lookups by path.

export interface ServerMenu {
  id: string;
  code: string;
  name: string;
  path: string;
  source: string;
  isOpen: number;
  children?: ServerMenu[];
  meta?: { i18n?: string; roles?: string[] };
  query?: Record<string, string>;
}

export interface MenuItem {
  id: string;
  code: string;
  /** Label as the server sends it; the shell translates `menu.<code>` when the catalogue has it. */
  name: string;
  /** Where the item navigates. A top-level leaf gets `/index` appended (its parent route redirects there). */
  path: string;
  icon: string;
  external: boolean;
  /** isOpen = 2 on an http(s) path: open in a new window instead of a tab. */
  newWindow: boolean;
  roles: string[];
  query: Record<string, string>;
  children: MenuItem[];
}

export const DEFAULT_MENU_ICON = 'menu';

const isUrl = (path: string) => /^https?:\/\//i.test(path);

function normalise(node: ServerMenu, topLevel: boolean): MenuItem {
  const children = (node.children ?? []).map((child) => normalise(child, false));
  const external = isUrl(node.path);
  let path = node.path;
  if (topLevel && children.length === 0 && !external && !path.endsWith('/index')) {
    path = `${path.replace(/\/$/, '')}/index`;
  }
  return {
    id: node.id,
    code: node.code,
    name: node.name,
    path,
    icon: node.source?.trim() ? node.source.trim() : DEFAULT_MENU_ICON,
    external,
    newWindow: external && node.isOpen === 2,
    roles: node.meta?.roles ?? [],
    query: node.query ?? {},
    children,
  };
}

export function normaliseMenu(forest: ServerMenu[]): MenuItem[] {
  return forest.map((node) => normalise(node, true));
}

/**
 * The sidebar of a top menu (`menu/routes?topMenuId`): its menus come as roots, without their parents, so a page
 * that is a child in the whole menu keeps the route it has there (the top-level `/index` rule would lead it to a
 * 404). Items the whole menu does not have are normalised as roots.
 */
export function normaliseTopMenu(forest: ServerMenu[], whole: MenuItem[]): MenuItem[] {
  const paths = new Map<string, string>();
  const collect = (items: MenuItem[]): void =>
    items.forEach((item) => {
      paths.set(item.id, item.path);
      collect(item.children);
    });
  collect(whole);
  const relink = (item: MenuItem): MenuItem => ({
    ...item,
    path: paths.get(item.id) ?? item.path,
    children: item.children.map(relink),
  });
  return normaliseMenu(forest).map(relink);
}

/** An item with meta.roles shows only to users holding one of those roles; items without roles show to all. */
export function filterByRoles(items: MenuItem[], userRoles: string[]): MenuItem[] {
  return items
    .filter((item) => item.roles.length === 0 || item.roles.some((role) => userRoles.includes(role)))
    .map((item) => ({ ...item, children: filterByRoles(item.children, userRoles) }));
}

export function flattenLeaves(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.children.length ? flattenLeaves(item.children) : [item]));
}

/**
 * The one menu-search rule (docs/spec.md §2), shared by the search overlay and the top-bar autocomplete: one of the texts
 * (the server name, and the label shown in the current language) starts with the query, case-insensitively. An
 * empty query matches nothing.
 */
export function menuPrefixMatch(texts: readonly (string | undefined)[], query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return false;
  return texts.some((text) => typeof text === 'string' && text.toLowerCase().startsWith(q));
}

/**
 * Menu search: the leaves whose name (or shown label, when `label` is given) starts with the query,
 * case-insensitively; groups are never hits.
 */
export function searchMenu(items: MenuItem[], query: string, label?: (item: MenuItem) => string): MenuItem[] {
  return flattenLeaves(items).filter((item) => menuPrefixMatch([item.name, label?.(item)], query));
}

/** Where a leaf leads: an external link without isOpen=2 opens in the embedded page (docs/spec.md §2 /myiframe). */
export function menuTarget(
  item: MenuItem,
  label: string = item.name,
): { kind: 'window'; url: string } | { kind: 'route'; to: string } {
  if (item.newWindow) return { kind: 'window', url: item.path };
  if (item.external) return { kind: 'route', to: iframePath(item.path, label, item.code) };
  const qs = new URLSearchParams(item.query).toString();
  return { kind: 'route', to: qs ? `${item.path}?${qs}` : item.path };
}

export const IFRAME_PREFIX = '/myiframe/';

/** `/myiframe/urlPath?name=…&src=…&i18n=…`: the external link's fields travel as the query (upstream getPath). */
export function iframePath(src: string, name: string, i18n?: string): string {
  const query = new URLSearchParams({ name, src });
  if (i18n) query.set('i18n', i18n);
  return `${IFRAME_PREFIX}urlPath?${query.toString()}`;
}

/**
 * Where a bare parent path leads (docs/spec.md §2 "a parent with no children gets an index child and a redirect"): a
 * top-level leaf's route is `<path>/index` (normalise above), so its bare path must not end in a 404. `isView`
 * extends the rule to the console's own `<x>/index` pages (upstream's static `/test`, `/info` routes redirect the
 * same way). Undefined when the path is not such a parent.
 */
export function indexRedirect(
  items: MenuItem[],
  path: string,
  isView: (path: string) => boolean = () => false,
): string | undefined {
  const bare = path.replace(/\/+$/, '');
  if (!bare || bare.endsWith('/index')) return undefined;
  const target = `${bare}/index`;
  const isMenuParent = items.some(
    (item) => item.children.length === 0 && !item.external && item.path === target,
  );
  return isMenuParent || isView(target) ? target : undefined;
}

export function findByPath(items: MenuItem[], path: string): MenuItem | undefined {
  for (const item of items) {
    if (item.path === path) return item;
    const hit = findByPath(item.children, path);
    if (hit) return hit;
  }
  return undefined;
}

/** The ancestors' ids of the item at `path` (to open the sidebar groups on load). */
export function ancestorIds(items: MenuItem[], path: string, trail: string[] = []): string[] | undefined {
  for (const item of items) {
    if (item.path === path) return trail;
    const hit = ancestorIds(item.children, path, [...trail, item.id]);
    if (hit) return hit;
  }
  return undefined;
}
