import { describe, expect, it } from 'vitest';
import { ancestorIds, filterByRoles, findByPath, normaliseMenu, searchMenu, type ServerMenu } from './menu';

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
});
