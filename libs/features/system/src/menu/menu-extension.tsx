import type { EntityPageExtension } from '@smart/crud';

/**
 * The menu page (menu.yaml) stays the kit's generic tree page; its icon is picked among the icons the console renders
 * (a field of type `icon`, libs/crud/src/icon-picker.tsx), so no menu falls back to the default icon by a typo, and
 * the list shows the icon beside its name.
 */
const menuPage: EntityPageExtension = {
  listColumns: ['name', 'source', 'code', 'alias', 'path', 'category', 'sort'],
  columns: { source: { type: 'icon', width: 180 }, name: { width: 200 } },
};

export default menuPage;
