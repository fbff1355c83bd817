import { menuGrantTree, menuRoleTreeKeys, roleGrant, type GrantKeys } from '@smart/api-sdk';
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Tree,
  type TreeNode,
  useBusyAction,
  useUiLocale,
} from '@smart/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkedFromGranted, menuIdsToGrant, scopeIdsToGrant, toTreeNodes } from './grant-tree';

/** The three trees of the dialog, by their keys in menu.yaml `grantTree` and `roleTreeKeys`. */
const KINDS = ['menu', 'dataScope', 'apiScope'] as const;
type Kind = (typeof KINDS)[number];
type PerKind<T> = Record<Kind, T>;

const TAB_LABEL: PerKind<string> = {
  menu: 'system.role.menus',
  dataScope: 'system.role.dataScopes',
  apiScope: 'system.role.apiScopes',
};

type Loaded = { trees: PerKind<TreeNode[]>; checked: PerKind<string[]> };
type LoadState = { kind: 'loading' } | { kind: 'failed' } | ({ kind: 'ready' } & Loaded);

const NONE: GrantKeys = { menu: [], dataScope: [], apiScope: [] };

/**
 * What the dialog opens with: the trees the caller may grant and, for one role, what that role holds. Several roles
 * open with nothing checked: their grants differ, and saving gives every one of them exactly the checked ones.
 */
async function load(roleIds: readonly string[]): Promise<Loaded> {
  const [tree, keys] = await Promise.all([
    menuGrantTree(),
    roleIds.length === 1 ? menuRoleTreeKeys({ roleIds: roleIds[0]! }) : Promise.resolve(NONE),
  ]);
  const trees: PerKind<TreeNode[]> = {
    menu: toTreeNodes(tree.menu),
    dataScope: toTreeNodes(tree.dataScope),
    apiScope: toTreeNodes(tree.apiScope),
  };
  const checked: PerKind<string[]> = {
    menu: checkedFromGranted(trees.menu, keys.menu),
    dataScope: checkedFromGranted(trees.dataScope, keys.dataScope ?? []),
    apiScope: checkedFromGranted(trees.apiScope, keys.apiScope ?? []),
  };
  return { trees, checked };
}

export interface RolePermissionDialogProps {
  roleIds: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 权限设置 of the selected roles (role.yaml `grant`): menus with their buttons, data-scope rules and API-scope rules,
 * each a checkable tree on its own tab. Saving replaces what the roles hold with what is checked; a refusal (the
 * administrator role, a menu outside the tenant package) keeps the dialog open, the HTTP layer showing the reason.
 */
export function RolePermissionDialog({ roleIds, open, onOpenChange }: RolePermissionDialogProps) {
  const { t } = useTranslation();
  const { messages } = useUiLocale();
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [expanded, setExpanded] = useState<PerKind<string[]>>({ menu: [], dataScope: [], apiScope: [] });
  const ids = roleIds.join(',');

  useEffect(() => {
    if (!open) return;
    setState({ kind: 'loading' });
    let alive = true;
    load(ids.split(',')).then(
      (loaded) => {
        if (!alive) return;
        setState({ kind: 'ready', ...loaded });
        // the groups open, their pages (and the pages' buttons or rules) one click away
        setExpanded({
          menu: loaded.trees.menu.map((n) => n.id),
          dataScope: loaded.trees.dataScope.map((n) => n.id),
          apiScope: loaded.trees.apiScope.map((n) => n.id),
        });
      },
      // the HTTP layer showed the reason; saving unseen grants would wipe them, so nothing can be saved
      () => alive && setState({ kind: 'failed' }),
    );
    return () => {
      alive = false;
    };
  }, [open, ids]);

  const check = (kind: Kind, next: string[]) =>
    setState((s) => (s.kind === 'ready' ? { ...s, checked: { ...s.checked, [kind]: next } } : s));

  // a refusal is the HTTP layer's toast and the dialog stays open
  const { run: save, busy: saving } = useBusyAction(
    async () => {
      if (state.kind !== 'ready') return false;
      const { trees, checked } = state;
      await roleGrant({
        roleIds,
        menuIds: menuIdsToGrant(trees.menu, checked.menu),
        dataScopeIds: scopeIdsToGrant(trees.dataScope, checked.dataScope),
        apiScopeIds: scopeIdsToGrant(trees.apiScope, checked.apiScope),
      });
      return true;
    },
    {
      done: (saved) => (saved ? t('system.role.grantDone') : undefined),
      onDone: (saved) => saved && onOpenChange(false),
    },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width={560}>
        <DialogHeader>
          <DialogTitle>{t('system.role.grant')}</DialogTitle>
          <DialogDescription>
            {roleIds.length === 1
              ? t('system.role.grantHint')
              : t('system.role.grantManyHint', { count: roleIds.length })}
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="min-h-64">
          {state.kind === 'loading' ? (
            <Spinner className="mx-auto size-5" label={messages.loading} />
          ) : state.kind === 'failed' ? (
            <p role="alert" className="text-sm text-muted-foreground">
              {t('system.role.loadFailed')}
            </p>
          ) : (
            <Tabs defaultValue="menu">
              <TabsList aria-label={t('system.role.grant')}>
                {KINDS.map((kind) => (
                  <TabsTrigger key={kind} value={kind}>
                    {t(TAB_LABEL[kind])}
                  </TabsTrigger>
                ))}
              </TabsList>
              {KINDS.map((kind) => (
                <TabsContent key={kind} value={kind} className="pt-2">
                  {state.trees[kind].length === 0 ? (
                    <p className="py-6 text-center text-sm text-muted-foreground">
                      {t('system.role.nothingToGrant')}
                    </p>
                  ) : (
                    <Tree
                      aria-label={t(TAB_LABEL[kind])}
                      nodes={state.trees[kind]}
                      checkable
                      expanded={expanded[kind]}
                      onExpandedChange={(next) => setExpanded((e) => ({ ...e, [kind]: next }))}
                      checked={state.checked[kind]}
                      onCheckedChange={(next) => check(kind, next)}
                    />
                  )}
                </TabsContent>
              ))}
            </Tabs>
          )}
        </DialogBody>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>{messages.cancel}</Button>
          <Button
            variant="primary"
            data-action="role-grant-save"
            disabled={state.kind !== 'ready'}
            loading={saving}
            onClick={() => void save()}
          >
            {messages.save}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
