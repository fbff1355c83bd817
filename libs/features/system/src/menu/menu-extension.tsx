import type { CrudRowActionContext, EntityPageExtension, EntityRow } from '@smart/crud';
import { Button } from '@smart/ui';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuScopeDialog } from './MenuScopeDialog';

/** 权限配置 on a menu's row (not a button's: rules belong to pages): its data and API scope rules. */
function ScopeButton({ row }: { row: EntityRow; page: CrudRowActionContext }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (Number(row['category']) !== 1) return null;
  return (
    <>
      <Button variant="link" size="xs" data-action="menu-scopes" onClick={() => setOpen(true)}>
        <ShieldCheck aria-hidden />
        {t('system.menu.scopeAction')}
      </Button>
      {/* mounted while open only: its lists load then */}
      {open ? (
        <MenuScopeDialog
          // a seeded menu's name in the operator's language, as the sidebar shows it; an operator's own as stored
          menu={{
            id: String(row['id']),
            name: t(`menu.${String(row['code'] ?? '')}`, { defaultValue: String(row['name'] ?? '') }),
          }}
          onOpenChange={setOpen}
        />
      ) : null}
    </>
  );
}

/**
 * The menu page (menu.yaml) stays the kit's generic tree page; its icon is picked among the icons the console renders
 * (a field of type `icon`, libs/crud/src/icon-picker.tsx), so no menu falls back to the default icon by a typo, and
 * the list shows the icon beside its name. A menu's row opens its scope rules (MenuScopeDialog).
 */
const menuPage: EntityPageExtension = {
  listColumns: ['name', 'source', 'code', 'alias', 'path', 'category', 'sort'],
  columns: { source: { type: 'icon', width: 180 }, name: { width: 200 } },
  rowActions: (row, page) => <ScopeButton row={row} page={page} />,
  menuWidth: 380,
};

export default menuPage;
