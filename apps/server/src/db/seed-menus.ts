/**
 * The menu tree of every console page (docs/spec.md §2 and the entity list of §3), with zh and en names and the buttons of
 * each page. One declaration drives the seed rows, their fixed ids and the English names the console shows
 * (`menu.<code>`): see `menuNames()`.
 *
 * Ids are deterministic (group, page and button positions), so re-running the step on an upgraded database finds
 * the same rows. Appending pages or groups keeps every existing id; never reorder.
 *
 * Pages of entities the contract declares (`entityPage`) take their names, path, icon, delete path and buttons from
 * the entity's manifest (src/crud/entities.ts); the catalogue keeps only their position, which fixes their ids.
 */
import { eq } from 'drizzle-orm';
import { declaredEntities } from '../crud/entities';
import type { Db } from './index';
import { menu } from './schema';
import { SEED_IDS, type SeedMenu } from './seed-data';

type ButtonKind = 'add' | 'edit' | 'delete' | 'view';

interface PageDecl {
  code: string;
  zh: string;
  en: string;
  path: string;
  icon: string;
  /** The remove endpoint (delete button path); pages without one get no delete button. */
  remove?: string;
  buttons?: ButtonKind[];
  /** Existing id (rows seeded before this catalogue). */
  id?: bigint;
}

/** A page of a declared entity: everything but its position (and a pre-catalogue id) comes from the contract. */
interface EntityPageRef {
  entity: string;
  id?: bigint;
}

interface GroupDecl {
  code: string;
  zh: string;
  en: string;
  path: string;
  icon: string;
  sort: number;
  pages: (PageDecl | EntityPageRef | SubGroupDecl)[];
  id?: bigint;
}

interface SubGroupDecl<P = PageDecl | EntityPageRef> {
  code: string;
  zh: string;
  en: string;
  path: string;
  icon: string;
  pages: P[];
}

const CRUD: ButtonKind[] = ['add', 'edit', 'delete', 'view'];
const READ_ONLY: ButtonKind[] = ['view'];

const BUTTON: Record<ButtonKind, { zh: string; en: string; icon: string; action: number; sort: number }> = {
  add: { zh: '新增', en: 'Add', icon: 'plus', action: 1, sort: 1 },
  edit: { zh: '修改', en: 'Edit', icon: 'pencil', action: 2, sort: 2 },
  delete: { zh: '删除', en: 'Delete', icon: 'trash-2', action: 3, sort: 3 },
  view: { zh: '查看', en: 'View', icon: 'eye', action: 2, sort: 4 },
};

export const MENU_CATALOGUE: GroupDecl[] = [
  {
    code: 'desk',
    zh: '工作台',
    en: 'Workbench',
    path: '/desk',
    icon: 'layout-dashboard',
    sort: 1,
    pages: [{ entity: 'notice' }],
  },
  {
    code: 'work',
    zh: '我的事务',
    en: 'My work',
    path: '/work',
    icon: 'briefcase',
    sort: 2,
    pages: [
      {
        code: 'work_start',
        zh: '发起事务',
        en: 'Start',
        path: '/work/start',
        icon: 'play',
        buttons: READ_ONLY,
      },
      {
        code: 'work_claim',
        zh: '待签事务',
        en: 'To claim',
        path: '/work/claim',
        icon: 'hand',
        buttons: READ_ONLY,
      },
      {
        code: 'work_todo',
        zh: '待办事务',
        en: 'To do',
        path: '/work/todo',
        icon: 'list-todo',
        buttons: READ_ONLY,
      },
      { code: 'work_send', zh: '已发事务', en: 'Sent', path: '/work/send', icon: 'send', buttons: READ_ONLY },
      {
        code: 'work_done',
        zh: '办结事务',
        en: 'Done',
        path: '/work/done',
        icon: 'check-check',
        buttons: READ_ONLY,
      },
    ],
  },
  {
    code: 'dy',
    zh: '抖音',
    en: 'Short video',
    path: '/dy',
    icon: 'clapperboard',
    sort: 10,
    pages: [
      {
        code: 'dy_browse_menu',
        zh: '浏览任务',
        en: 'Browsing',
        path: '/dy/browse',
        icon: 'eye',
        pages: [
          { entity: 'dy_browse' },
          { entity: 'dy_arr' },
          { entity: 'dy_common' },
          { entity: 'dy_browse_log' },
          { entity: 'dy_browe_log_group' },
        ],
      },
      {
        code: 'dy_comm_menu',
        zh: '评论任务',
        en: 'Comments',
        path: '/dy/comm',
        icon: 'message-circle',
        pages: [
          { entity: 'dy_comm' },
          { entity: 'dy_comm_arr' },
          { entity: 'dy_comm_comment' },
          { entity: 'dy_comm_picture' },
          { entity: 'dy_comm_url' },
          { entity: 'dy_comm_log' },
          { entity: 'dy_comm_log_group' },
        ],
      },
      {
        code: 'dy_publish_menu',
        zh: '发布任务',
        en: 'Publishing',
        path: '/dy/publish',
        icon: 'upload',
        pages: [{ entity: 'dy_publish' }, { entity: 'dy_publish_task' }, { entity: 'dy_publish_log' }],
      },
      {
        code: 'dy_live_menu',
        zh: '直播任务',
        en: 'Live',
        path: '/dy/live',
        icon: 'radio',
        pages: [
          { entity: 'dy_live' },
          { entity: 'dy_live_arr' },
          { entity: 'dy_live_common' },
          { entity: 'dy_live_log' },
          { entity: 'dy_live_log_group' },
        ],
      },
    ],
  },
  {
    code: 'xhs',
    zh: '小红书',
    en: 'Notes',
    path: '/xhs',
    icon: 'notebook-pen',
    sort: 11,
    pages: [
      {
        code: 'xsh_browse_menu',
        zh: '浏览任务',
        en: 'Browsing',
        path: '/xhs/browse',
        icon: 'eye',
        pages: [
          { entity: 'xsh_browse' },
          { entity: 'xsh_arr' },
          { entity: 'xsh_common' },
          { entity: 'xsh_slide' },
          { entity: 'xsh_browse_log' },
          { entity: 'xsh_browe_log_group' },
        ],
      },
      {
        code: 'xsh_comm_menu',
        zh: '评论任务',
        en: 'Comments',
        path: '/xhs/comm',
        icon: 'message-circle',
        pages: [
          { entity: 'xsh_comm' },
          { entity: 'xsh_comm_arr' },
          { entity: 'xsh_comm_keyword' },
          { entity: 'xhs_comm_comment' },
          { entity: 'xsh_comm_picture' },
          { entity: 'xsh_comm_url' },
          { entity: 'xsh_comm_control_strategy' },
          { entity: 'xsh_comm_log' },
          { entity: 'xsh_comm_log_group' },
        ],
      },
      {
        code: 'xhs_publish_menu',
        zh: '发布任务',
        en: 'Publishing',
        path: '/xhs/publish',
        icon: 'upload',
        pages: [
          { entity: 'xhs_publish' },
          { entity: 'xhs_publish_task' },
          { entity: 'xhs_publish_log' },
          { entity: 'xhs_publish_log_group' },
        ],
      },
    ],
  },
  {
    code: 'sph',
    zh: '视频号',
    en: 'Video channel',
    path: '/sph',
    icon: 'video',
    sort: 12,
    pages: [
      { entity: 'sph_browse' },
      { entity: 'sph_arr' },
      { entity: 'sph_common' },
      { entity: 'sph_browse_log' },
      { entity: 'sph_browe_log_group' },
    ],
  },
  {
    code: 'comment_menu',
    zh: '评论库',
    en: 'Comment library',
    path: '/comment',
    icon: 'messages-square',
    sort: 13,
    pages: [{ entity: 'comment' }, { entity: 'comment_group' }],
  },
  {
    code: 'mj',
    zh: 'AI 绘图',
    en: 'Image generation',
    path: '/mj',
    icon: 'palette',
    sort: 14,
    pages: [
      { entity: 'mj_app' },
      { entity: 'mjjAppConfig' },
      { entity: 'mj_phrase' },
      { entity: 'mj_phrase_expand' },
      { entity: 'mj_prompt' },
      { entity: 'openly_prompt' },
      { entity: 'img' },
    ],
  },
  {
    code: 'rpa',
    zh: 'RPA 机器人',
    en: 'RPA robots',
    path: '/rpa',
    icon: 'bot',
    sort: 15,
    pages: [
      { entity: 'rpa_card_group' },
      { entity: 'rpa_card_password' },
      { entity: 'yd_user' },
      { entity: 'yd_user_info' },
      { entity: 'yd_user_develop' },
      { entity: 'yingdao-auth' },
      { entity: 'scheduler_job' },
      { entity: 'scheduler_job_log' },
    ],
  },
  {
    code: 'commerce',
    zh: '算力与订单',
    en: 'Power and orders',
    path: '/commerce',
    icon: 'wallet',
    sort: 16,
    pages: [
      { entity: 'ai_config' },
      { entity: 'power_logs' },
      { entity: 'order' },
      { entity: 'balance_log' },
      { entity: 'grantRecord' },
      { entity: 'send_email_log' },
    ],
  },
  {
    code: 'system',
    zh: '系统管理',
    en: 'System',
    path: '/system',
    icon: 'settings',
    sort: 98,
    id: SEED_IDS.menuSystem,
    pages: [
      { entity: 'user' },
      { entity: 'dept' },
      { entity: 'post' },
      { entity: 'dict' },
      { entity: 'dict-biz' },
      { entity: 'menu' },
      { entity: 'topmenu' },
      { entity: 'param', id: SEED_IDS.menuParam },
      { entity: 'tenant' },
      { entity: 'tenant-package' },
      { entity: 'client' },
    ],
  },
  {
    code: 'authority',
    zh: '权限管理',
    en: 'Permissions',
    path: '/authority',
    icon: 'shield-check',
    sort: 99,
    pages: [{ entity: 'role' }, { entity: 'data-scope' }, { entity: 'api-scope' }],
  },
  {
    code: 'monitor',
    zh: '系统监控',
    en: 'Monitoring',
    path: '/monitor',
    icon: 'activity',
    sort: 100,
    pages: [{ entity: 'log-usual' }, { entity: 'log-api' }, { entity: 'log-error' }],
  },
  {
    code: 'tool',
    zh: '研发工具',
    en: 'Developer tools',
    path: '/tool',
    icon: 'wrench',
    sort: 101,
    pages: [{ entity: 'code' }, { entity: 'datasource' }],
  },
  {
    code: 'resource',
    zh: '资源管理',
    en: 'Resources',
    path: '/resource',
    icon: 'hard-drive',
    sort: 102,
    pages: [{ entity: 'oss' }, { entity: 'sms' }, { entity: 'attach' }],
  },
  {
    code: 'base',
    zh: '基础配置',
    en: 'Base data',
    path: '/base',
    icon: 'map',
    sort: 103,
    pages: [{ entity: 'region' }],
  },
  {
    code: 'report',
    zh: '报表管理',
    en: 'Reports',
    path: '/report',
    icon: 'chart-column',
    sort: 104,
    pages: [{ entity: 'report' }],
  },
];

const BASE = 1900000000000000000n;
const isSub = <P>(p: PageDecl | EntityPageRef | SubGroupDecl<P>): p is SubGroupDecl<P> => 'pages' in p;

/**
 * The page of a declared entity at position `sort` of group `group`: the manifest's menu must name that group as its
 * parent and that position as its sort, so the contract (what the console shows) and the seeded ids agree.
 */
function entityPageDecl(ref: EntityPageRef, group: string, sort: number): PageDecl {
  const e = declaredEntities().get(ref.entity);
  const m = e.menu;
  if (!m) throw new Error(`menu catalogue: entity ${e.name} declares no menu in the contract`);
  if (m.parent !== group || m.sort !== sort)
    throw new Error(
      `menu catalogue: entity ${e.name} is declared under ${m.parent} at ${m.sort}, the catalogue has it under ` +
        `${group} at ${sort} (menu ids follow catalogue positions: move the declaration, not the page)`,
    );
  const buttons = CRUD.filter((k) => e.buttons[k] !== undefined);
  return {
    code: m.code,
    zh: m.name.zh,
    en: m.name.en,
    path: m.path,
    icon: m.icon,
    buttons,
    ...(e.paths.remove ? { remove: e.paths.remove } : {}),
    ...(ref.id !== undefined ? { id: ref.id } : {}),
  };
}

/** The pages of a group or sub-group, with declared entity pages resolved at their positions. */
const resolvePages = (pages: (PageDecl | EntityPageRef)[], parent: string): PageDecl[] =>
  pages.map((p, i) => ('entity' in p ? entityPageDecl(p, parent, i + 1) : p));

/** A group's direct entries (and its sub-groups' pages) with declared entity pages resolved. */
const groupPages = (g: GroupDecl): (PageDecl | SubGroupDecl<PageDecl>)[] =>
  g.pages.map((p, pi) =>
    'entity' in p
      ? entityPageDecl(p, g.code, pi + 1)
      : isSub(p)
        ? { ...p, pages: resolvePages(p.pages, p.code) }
        : p,
  );

function pageRows(p: PageDecl, id: bigint, parentId: bigint, sort: number): SeedMenu[] {
  const rows: SeedMenu[] = [
    {
      id: p.id ?? id,
      parentId,
      code: p.code,
      name: p.zh,
      alias: 'menu',
      path: p.path,
      source: p.icon,
      sort,
      category: 1,
      action: 0,
    },
  ];
  const own = p.id ?? id;
  for (const kind of p.buttons ?? CRUD) {
    if (kind === 'delete' && !p.remove) continue;
    const b = BUTTON[kind];
    rows.push({
      id: id + BigInt(b.sort),
      parentId: own,
      code: `${p.code}_${kind}`,
      name: b.zh,
      alias: kind,
      path: kind === 'delete' ? (p.remove as string) : `${p.path}/${kind}`,
      source: b.icon,
      sort: b.sort,
      category: 2,
      action: b.action,
    });
  }
  return rows;
}

/** Every row of the catalogue (menus and buttons) with its fixed id. */
export function catalogueRows(): SeedMenu[] {
  const rows: SeedMenu[] = [];
  MENU_CATALOGUE.forEach((g, gi) => {
    const gBase = BASE + BigInt(gi) * 1_000_000n;
    const gid = g.id ?? gBase;
    rows.push({
      id: gid,
      parentId: 0n,
      code: g.code,
      name: g.zh,
      alias: 'menu',
      path: g.path,
      source: g.icon,
      sort: g.sort,
      category: 1,
      action: 0,
    });
    groupPages(g).forEach((p, pi) => {
      const pBase = gBase + BigInt(pi + 1) * 10_000n;
      if (!isSub(p)) {
        rows.push(...pageRows(p, pBase, gid, pi + 1));
        return;
      }
      rows.push({
        id: pBase,
        parentId: gid,
        code: p.code,
        name: p.zh,
        alias: 'menu',
        path: p.path,
        source: p.icon,
        sort: pi + 1,
        category: 1,
        action: 0,
      });
      p.pages.forEach((leaf, li) =>
        rows.push(...pageRows(leaf, pBase + BigInt(li + 1) * 100n, pBase, li + 1)),
      );
    });
  });
  return rows;
}

/** zh and en names by menu code (menus, not buttons): the console's `menu.<code>` catalogue entries. */
export function menuNames(): Record<string, { zh: string; en: string }> {
  const out: Record<string, { zh: string; en: string }> = {};
  for (const g of MENU_CATALOGUE) {
    out[g.code] = { zh: g.zh, en: g.en };
    for (const p of groupPages(g)) {
      out[p.code] = { zh: p.zh, en: p.en };
      if (isSub(p)) for (const leaf of p.pages) out[leaf.code] = { zh: leaf.zh, en: leaf.en };
    }
  }
  return out;
}

/** Seed step: inserts the catalogue rows whose code is not live yet (rows seeded earlier or by an operator win). */
export const menuCatalogueStep = {
  name: 'menu-catalogue',
  async run(tx: Db): Promise<void> {
    const live = new Set(
      (await tx.select({ code: menu.code }).from(menu).where(eq(menu.isDeleted, 0))).map((r) => r.code),
    );
    const rows = catalogueRows().filter((r) => !live.has(r.code));
    if (rows.length > 0) await tx.insert(menu).values(rows).onConflictDoNothing();
  },
};
