import { describe, expect, it } from 'vitest';
import {
  ancestorIds,
  filterByRoles,
  findByPath,
  iframePath,
  indexRedirect,
  menuPrefixMatch,
  menuTarget,
  normaliseMenu,
  normaliseTopMenu,
  searchMenu,
  type ServerMenu,
} from './menu';
import { menuSearchFilter } from './MenuSearch';

const m = (over: Partial<ServerMenu> & { id: string; path: string }): ServerMenu => ({
  code: over.id,
  name: over.id,
  source: '',
  isOpen: 1,
  ...over,
});

const forest: ServerMenu[] = [
  m({
    id: 'system',
    name: '系统管理',
    path: '/system',
    source: 'settings',
    children: [
      m({ id: 'param', name: '参数管理', path: '/system/param' }),
      m({ id: 'user', name: 'User admin', path: '/system/user' }),
    ],
  }),
  m({ id: 'desk', name: '工作台', path: '/desk' }),
  m({ id: 'docs', name: 'Docs', path: 'https://example.org/docs', isOpen: 2 }),
  m({ id: 'wiki', name: 'Wiki', path: 'https://example.org/wiki', isOpen: 1 }),
  m({ id: 'secret', name: 'Secret', path: '/secret', meta: { roles: ['administrator'] } }),
];

describe('server menu', () => {
  const items = normaliseMenu(forest);

  it('gives an empty icon the default icon and keeps a given one', () => {
    expect(items[0]?.icon).toBe('settings');
    expect(items[0]?.children[0]?.icon).toBe('menu');
  });

  it('sends a top-level item without children to its index child', () => {
    expect(items[1]?.path).toBe('/desk/index');
    expect(items[0]?.path).toBe('/system');
    expect(items[0]?.children[0]?.path).toBe('/system/param');
  });

  it("a top menu's sidebar keeps each page's route of the whole menu (its menus come as roots)", () => {
    // menu/routes?topMenuId answers the granted menus without their parents: param is a root there
    const ofTop = normaliseTopMenu(
      [m({ id: 'param', path: '/system/param' }), m({ id: 'desk', path: '/desk' })],
      items,
    );
    expect(ofTop.map((i) => i.path)).toEqual(['/system/param', '/desk/index']);
    // a menu the whole menu lacks is a root of its own
    expect(normaliseTopMenu([m({ id: 'extra', path: '/extra' })], items)[0]?.path).toBe('/extra/index');
  });

  it('opens isOpen=2 http links in a new window, other links in a tab', () => {
    expect(items[2]).toMatchObject({ external: true, newWindow: true, path: 'https://example.org/docs' });
    expect(items[3]).toMatchObject({ external: true, newWindow: false });
  });

  it('filters items by meta.roles', () => {
    expect(filterByRoles(items, ['user']).map((i) => i.id)).not.toContain('secret');
    expect(filterByRoles(items, ['user', 'administrator']).map((i) => i.id)).toContain('secret');
  });

  it('searches leaves by a case-insensitive prefix of the name', () => {
    expect(searchMenu(items, '参数').map((i) => i.id)).toEqual(['param']);
    expect(searchMenu(items, 'user').map((i) => i.id)).toEqual(['user']);
    expect(searchMenu(items, 'admin')).toEqual([]);
    expect(searchMenu(items, '系统')).toEqual([]);
    expect(searchMenu(items, '  ')).toEqual([]);
  });

  it('finds items and their ancestors by path', () => {
    expect(findByPath(items, '/system/param')?.name).toBe('参数管理');
    expect(ancestorIds(items, '/system/param')).toEqual(['system']);
    expect(findByPath(items, '/nope')).toBeUndefined();
  });

  it('the one prefix rule: case-insensitive, trimmed, empty matches nothing', () => {
    expect(menuPrefixMatch(['User admin'], 'USER')).toBe(true);
    expect(menuPrefixMatch(['User admin'], '  us ')).toBe(true);
    expect(menuPrefixMatch(['User admin'], 'admin')).toBe(false);
    expect(menuPrefixMatch(['参数管理', 'Parameters'], 'para')).toBe(true);
    expect(menuPrefixMatch(['x', undefined], 'y')).toBe(false);
    expect(menuPrefixMatch(['x'], '')).toBe(false);
  });

  it('searches the shown label too, so an English label finds a Chinese-named item', () => {
    const label = (item: { code: string; name: string }) =>
      item.code === 'param' ? 'Parameters' : item.name;
    expect(searchMenu(items, 'PARAM', label).map((i) => i.id)).toEqual(['param']);
    expect(searchMenu(items, '参数', label).map((i) => i.id)).toEqual(['param']);
  });

  it('the overlay (cmdk) uses the same rule over its keywords', () => {
    expect(menuSearchFilter('param', 'par', ['Parameters', '参数管理'])).toBe(1);
    expect(menuSearchFilter('param', '管理', ['Parameters', '参数管理'])).toBe(0);
    expect(menuSearchFilter('param', 'x')).toBe(0);
  });

  it('leads isOpen=2 links to a new window, other links to /myiframe/urlPath, pages to their route', () => {
    expect(menuTarget(items[2]!)).toEqual({ kind: 'window', url: 'https://example.org/docs' });
    const wiki = menuTarget(items[3]!);
    expect(wiki.kind).toBe('route');
    const to = wiki.kind === 'route' ? wiki.to : '';
    expect(to.startsWith('/myiframe/urlPath?')).toBe(true);
    const query = new URLSearchParams(to.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      name: 'Wiki',
      src: 'https://example.org/wiki',
      i18n: 'wiki',
    });
    expect(menuTarget(items[0]!.children[0]!)).toEqual({ kind: 'route', to: '/system/param' });
    const withQuery = normaliseMenu([m({ id: 'q', path: '/q/page', query: { a: '1' } })])[0]!;
    expect(menuTarget(withQuery)).toEqual({ kind: 'route', to: '/q/page/index?a=1' });
  });

  it('builds the embedded-page address from the link fields', () => {
    expect(iframePath('https://x.test/a?b=1&c=2', 'X')).toBe(
      '/myiframe/urlPath?name=X&src=https%3A%2F%2Fx.test%2Fa%3Fb%3D1%26c%3D2',
    );
  });
});

describe('bare parent paths (docs/spec.md §2: a parent with no children gets an index child and a redirect)', () => {
  const items = normaliseMenu(forest);

  it('a top-level leaf redirects from its bare path to its index child, with or without a trailing slash', () => {
    expect(indexRedirect(items, '/desk')).toBe('/desk/index');
    expect(indexRedirect(items, '/desk/')).toBe('/desk/index');
  });

  it('parents with children, external links, unknown paths and index paths do not redirect', () => {
    expect(indexRedirect(items, '/system')).toBeUndefined();
    expect(indexRedirect(items, '/nowhere')).toBeUndefined();
    expect(indexRedirect(items, '/desk/index')).toBeUndefined();
    expect(indexRedirect(items, '/')).toBeUndefined();
    expect(
      indexRedirect(normaliseMenu([m({ id: 'x', path: 'https://example.org' })]), 'https://example.org'),
    ).toBe(undefined);
  });

  it("the console's own <x>/index pages redirect the same way", () => {
    const known = (path: string) => path === '/test/index';
    expect(indexRedirect(items, '/test', known)).toBe('/test/index');
    expect(indexRedirect(items, '/other', known)).toBeUndefined();
  });
});
