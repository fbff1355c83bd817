import { apiScopeEntity, dataScopeEntity } from '@smart/api-sdk/entities';
import type { EntityManifest } from '@smart/api-sdk/manifest';
import { CrudPage, entityAdapter, entityResource, type CrudColumn, type ResourceDef } from '@smart/crud';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@smart/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiScopePage, dataScopePage } from '../scope/scope-extension';

// the generic page's resource of each manifest, as the scope pages have it (typed rows are the pages' business)
const generic = (entity: unknown) => entity as EntityManifest;
const KINDS = {
  data: {
    label: 'system.role.dataScopes',
    resource: entityResource(generic(dataScopeEntity), dataScopePage),
  },
  api: { label: 'system.role.apiScopes', resource: entityResource(generic(apiScopeEntity), apiScopePage) },
} as const;
type Kind = keyof typeof KINDS;
const ADAPTERS = { data: entityAdapter(dataScopeEntity), api: entityAdapter(apiScopeEntity) };

/**
 * A scope page narrowed to one menu: it lists that menu's rules only (the list's `menuId` filter, scope.yaml), and a
 * new rule belongs to the menu, shown but not picked. The search bar keeps the other filters.
 */
export function forMenu(
  resource: ResourceDef<unknown, unknown>,
  menuId: string,
): ResourceDef<unknown, unknown> {
  return {
    ...resource,
    columns: resource.columns.map((c): CrudColumn<unknown, unknown> =>
      c.prop === 'menuId'
        ? { ...c, defaultValue: menuId, disabled: true, search: false, listHidden: true }
        : c,
    ),
  };
}

export interface MenuScopeDialogProps {
  menu: { id: string; name: string };
  onOpenChange: (open: boolean) => void;
}

/**
 * 权限配置 of a menu row: its data-scope and API-scope rules, each a whole CRUD page of the rules of that menu (the
 * per-menu layout of the console this one descends from; the scope pages list every menu's rules).
 */
export function MenuScopeDialog({ menu, onOpenChange }: MenuScopeDialogProps) {
  const { t } = useTranslation();
  const resources = useMemo(
    () => ({
      data: forMenu(KINDS.data.resource, menu.id),
      api: forMenu(KINDS.api.resource, menu.id),
    }),
    [menu.id],
  );
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent width={1100}>
        <DialogHeader>
          <DialogTitle>{t('system.menu.scopes', { name: menu.name })}</DialogTitle>
          <DialogDescription>{t('system.menu.scopesHint', { name: menu.name })}</DialogDescription>
        </DialogHeader>
        <DialogBody className="min-h-96">
          <Tabs defaultValue="data">
            <TabsList aria-label={t('system.menu.scopes', { name: menu.name })}>
              {(Object.keys(KINDS) as Kind[]).map((kind) => (
                <TabsTrigger key={kind} value={kind}>
                  {t(KINDS[kind].label)}
                </TabsTrigger>
              ))}
            </TabsList>
            {(Object.keys(KINDS) as Kind[]).map((kind) => (
              <TabsContent key={kind} value={kind} className="pt-2">
                <CrudPage
                  resource={resources[kind]}
                  adapter={ADAPTERS[kind]}
                  fixedParams={{ menuId: menu.id }}
                  landmarkLabel={t(KINDS[kind].label)}
                />
              </TabsContent>
            ))}
          </Tabs>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
