import { roleTree, userGrant, type TreeNode as ContractTreeNode } from '@smart/api-sdk';
import { userEntity } from '@smart/api-sdk/entities';
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
  Tree,
  type TreeNode,
  useBusyAction,
  useUiLocale,
} from '@smart/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const toNodes = (nodes: readonly ContractTreeNode[]): TreeNode[] =>
  nodes.map((n) => ({
    id: n.value,
    label: n.title,
    ...(n.children?.length ? { children: toNodes(n.children) } : { isLeaf: true }),
  }));

export interface RoleGrantDialogProps {
  userIds: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onGranted: () => void;
}

/**
 * Roles for the selected users at once (user.yaml `grant`: the users' roles become exactly the checked ones), from
 * the tenant's role tree; at least one role, as the user form asks.
 */
export function RoleGrantDialog({ userIds, open, onOpenChange, onGranted }: RoleGrantDialogProps) {
  const { t } = useTranslation();
  const { messages } = useUiLocale();
  const [nodes, setNodes] = useState<TreeNode[] | undefined>();
  const [checked, setChecked] = useState<string[]>([]);

  useEffect(() => {
    if (!open) return;
    setChecked([]);
    let alive = true;
    roleTree().then(
      (tree) => alive && setNodes(toNodes(tree)),
      () => alive && setNodes([]),
    );
    return () => {
      alive = false;
    };
  }, [open]);

  // a refusal is the HTTP layer's toast and the dialog stays open
  const { run: save, busy: saving } = useBusyAction(
    () => userGrant({ userIds: userIds.join(','), roleIds: checked.join(',') }),
    {
      done: t('system.user.grantDone'),
      onDone: () => {
        onOpenChange(false);
        onGranted();
      },
    },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width={420}>
        <DialogHeader>
          <DialogTitle>{t('system.user.grant')}</DialogTitle>
          <DialogDescription>{t('system.user.grantHint', { count: userIds.length })}</DialogDescription>
        </DialogHeader>
        <DialogBody>
          {nodes === undefined ? (
            <Spinner className="mx-auto size-5" label={t('system.user.grant')} />
          ) : (
            <Tree
              aria-label={t(`${userEntity.i18n}.roleId`)}
              nodes={nodes}
              checkable
              defaultExpanded={nodes.map((n) => n.id)}
              checked={checked}
              onCheckedChange={(next) => setChecked(next)}
            />
          )}
        </DialogBody>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>{messages.cancel}</Button>
          <Button
            variant="primary"
            data-action="user-grant-save"
            disabled={checked.length === 0}
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
