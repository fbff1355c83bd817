import { isApiError, userRegister, userRegisterGuest } from '@smart/api-sdk';
import { getWebsite, logout } from '@smart/auth';
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
  PasswordInput,
} from '@smart/ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError } from '../../shell/toaster-host';
import { firstRegisterProblem, type RegisterForm } from './register-checks';
import '../../i18n/page-texts';

type Field = keyof RegisterForm;

export interface RegisterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * An unbound social login (guest session): the account is registered with `register-guest` and bound to
   * `oauthId`; name and account are prefilled, and the dialog cannot be dismissed (as upstream's third-register).
   */
  guest?: { oauthId: string; account: string };
}

/**
 * Account registration (docs/spec.md §2 "Registration dialog", §4 "Guest registration", §5, §8): tenant id (tenant mode
 * only), user name, account, password and confirmation. The four checks run in the spec's order, each shows its
 * warning and stops; then `user/register`. Success shows the pending-approval message, logs out and goes to /login.
 * Loaded on demand, so /login does not carry it.
 */
export default function RegisterDialog({ open, onOpenChange, guest }: RegisterDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const website = getWebsite();
  const id = useId();
  const [form, setForm] = useState<RegisterForm>({
    tenantId: website.tenantId,
    name: guest?.account ?? '',
    account: guest?.account ?? '',
    password: '',
    password2: '',
  });
  const [warning, setWarning] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);

  const fields: Field[] = [
    ...(website.tenantMode ? (['tenantId'] as const) : []),
    'name',
    'account',
    'password',
    'password2',
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const values = website.tenantMode ? form : { ...form, tenantId: website.tenantId };
    const problem = firstRegisterProblem(values);
    setWarning(problem ? t(problem) : undefined);
    if (problem) return;
    setLoading(true);
    try {
      const fields = {
        tenantId: values.tenantId.trim(),
        name: values.name.trim(),
        account: values.account.trim(),
        password: values.password,
      };
      if (guest) await userRegisterGuest({ ...fields, oauthId: guest.oauthId }, { silent: true });
      else
        await userRegister(
          { ...fields, password2: values.password2 },
          { meta: { isToken: false }, silent: true },
        );
      setDone(true);
    } catch (error) {
      // A transport failure only stops the loading state (docs/spec.md §8); a refusal shows its msg or 'submission failed'.
      if (isApiError(error) && error.kind !== 'network' && error.kind !== 'timeout') {
        void notifyError(
          error.message && error.message !== t('http.unknownError') ? error.message : t('register.failed'),
        );
      }
    } finally {
      setLoading(false);
    }
  };

  const finish = async () => {
    onOpenChange(false);
    await logout();
    void navigate('/login', { replace: true });
  };

  if (done) {
    return (
      <Dialog open={open} onOpenChange={(next) => (next ? undefined : void finish())}>
        <DialogContent role="alertdialog" aria-describedby={`${id}-done`} width={420}>
          <DialogHeader>
            <DialogTitle>{t('register.submittedTitle')}</DialogTitle>
          </DialogHeader>
          <DialogBody>
            <p id={`${id}-done`} data-testid="register-submitted">
              {t('register.submitted')}
            </p>
          </DialogBody>
          <DialogFooter>
            <Button variant="primary" onClick={() => void finish()}>
              {t('common.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }

  const stay = (event: Event) => {
    if (guest) event.preventDefault();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (guest && !next ? undefined : onOpenChange(next))}>
      <DialogContent
        aria-describedby={undefined}
        width={440}
        onEscapeKeyDown={stay}
        onPointerDownOutside={stay}
        onInteractOutside={stay}
        showCloseButton={!guest}
      >
        <DialogHeader>
          <DialogTitle>{t('register.title')}</DialogTitle>
        </DialogHeader>
        <form noValidate onSubmit={submit} data-testid="register-form">
          <DialogBody className="grid gap-3">
            {warning ? (
              <p role="alert" className="rounded-md bg-warning/10 px-3 py-2 text-sm text-warning">
                {warning}
              </p>
            ) : null}
            {fields.map((field) => (
              <div key={field} className="grid gap-1.5">
                <Label htmlFor={`${id}-${field}`}>{t(`register.${field}`)}</Label>
                {field === 'password' || field === 'password2' ? (
                  <PasswordInput
                    id={`${id}-${field}`}
                    autoComplete="new-password"
                    value={form[field]}
                    onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value }))}
                  />
                ) : (
                  <Input
                    id={`${id}-${field}`}
                    autoComplete={field === 'account' ? 'username' : 'off'}
                    value={form[field]}
                    onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value }))}
                  />
                )}
              </div>
            ))}
          </DialogBody>
          <DialogFooter>
            {guest ? null : (
              <Button type="button" onClick={() => onOpenChange(false)}>
                {t('common.cancel')}
              </Button>
            )}
            <Button type="submit" variant="primary" loading={loading}>
              {t('register.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
