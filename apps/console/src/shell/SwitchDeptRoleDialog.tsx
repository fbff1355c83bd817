import { deptSelect, roleSelect } from '@smart/api-sdk';
import { getSession, getWebsite, switchDeptRole, useSession } from '@smart/auth';
import { Button, DropdownMenuDialogItem, Label, SimpleDialog, SimpleSelect } from '@smart/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Repeat } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from './toaster-host';
import '../i18n/page-texts';

type Field = 'deptId' | 'roleId';
const REQUIRED: Record<Field, string> = { deptId: 'switch.deptRequired', roleId: 'switch.roleRequired' };

/**
 * Switch department/role (docs/spec.md §5, §6): both required; the choice is sent as `Dept-Id` / `Role-Id` from then on and
 * the token is refreshed for it. Menus, buttons and every cached page reload afterwards.
 */
export function SwitchDeptRoleDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const userId = useSession((s) => s.userInfo?.user_id ?? '');
  const depts = useQuery({
    queryKey: ['switch-dept-select', userId],
    queryFn: ({ signal }) => deptSelect(userId ? { userId } : undefined, undefined, signal),
    enabled: open,
  });
  const roles = useQuery({
    queryKey: ['switch-role-select', userId],
    queryFn: ({ signal }) => roleSelect(userId ? { userId } : undefined, undefined, signal),
    enabled: open,
  });
  const [values, setValues] = useState<Record<Field, string>>(() => {
    const { deptId, roleId, userInfo } = getSession();
    return { deptId: deptId || userInfo?.dept_id || '', roleId: roleId || userInfo?.role_id || '' };
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);

  const check = (field: Field, value: string) => {
    setErrors((e) => ({ ...e, [field]: value ? undefined : t(REQUIRED[field]) }));
    return Boolean(value);
  };

  const submit = async () => {
    const ok = [check('deptId', values.deptId), check('roleId', values.roleId)].every(Boolean);
    if (!ok || saving) return;
    setSaving(true);
    try {
      await switchDeptRole(values);
      onOpenChange(false);
      void notifySuccess(t('switch.done'));
      await queryClient.invalidateQueries();
    } catch {
      // the HTTP layer showed why
    } finally {
      setSaving(false);
    }
  };

  const select = (field: Field, options: { value: string; label: string }[]) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${field}`}>{t(field === 'deptId' ? 'switch.dept' : 'switch.role')}</Label>
      <SimpleSelect
        id={`${id}-${field}`}
        options={options}
        value={values[field] || undefined}
        onValueChange={(value) => {
          setValues((v) => ({ ...v, [field]: value }));
          check(field, value);
        }}
        onBlur={() => check(field, values[field])}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
      />
      {errors[field] ? (
        <p id={`${id}-${field}-error`} role="alert" className="text-sm text-destructive">
          {errors[field]}
        </p>
      ) : null}
    </div>
  );

  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('switch.title')}
      width={420}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>{t('common.cancel')}</Button>
          <Button
            variant="primary"
            loading={saving}
            onClick={() => void submit()}
            data-testid="switch-submit"
          >
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        {select(
          'deptId',
          (depts.data ?? []).map((d) => ({ value: String(d.id), label: d.deptName })),
        )}
        {select(
          'roleId',
          (roles.data ?? []).map((r) => ({ value: String(r.id), label: r.roleName })),
        )}
      </div>
    </SimpleDialog>
  );
}

/**
 * The avatar menu's "switch department/role" entry and its dialog. Both are empty unless switch mode is on
 * (docs/spec.md §6, default off). Render `menuItem` inside the dropdown and `dialog` outside it.
 */
export function useSwitchDeptRole(): { menuItem: ReactNode; dialog: ReactNode } {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!getWebsite().switchMode) return { menuItem: null, dialog: null };
  return {
    menuItem: (
      <DropdownMenuDialogItem onOpen={() => setOpen(true)} data-testid="switch-dept-role">
        <Repeat aria-hidden />
        {t('switch.menu')}
      </DropdownMenuDialogItem>
    ),
    dialog: open ? <SwitchDeptRoleDialog open={open} onOpenChange={setOpen} /> : null,
  };
}
