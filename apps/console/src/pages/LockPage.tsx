import { logout, unlock, useSession } from '@smart/auth';
import { Button, Label, PasswordInput } from '@smart/ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../shell/use-document-title';
import { tabActions } from '../shell/tab-store';
import { notifyError } from '../shell/toaster-host';

/** The lock screen: the session stays, the password set when locking opens it again. */
export default function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const user = useSession((s) => s.userInfo);
  const [password, setPassword] = useState('');
  useDocumentTitle(t('route.lock'));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await unlock(password)) {
      void navigate(tabActions.get().active || '/', { replace: true });
    } else {
      setPassword('');
      void notifyError(t('lock.wrong'));
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-sidebar p-4">
      <form
        onSubmit={onSubmit}
        className="grid w-full max-w-xs gap-3 rounded-xl bg-card p-6 text-card-foreground shadow-lg"
      >
        <h1 className="text-lg font-semibold">{user?.nick_name || user?.user_name}</h1>
        <Label htmlFor={`${id}-pw`}>{t('lock.password')}</Label>
        <PasswordInput
          id={`${id}-pw`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoFocus
        />
        <Button type="submit" variant="primary">
          {t('lock.unlock')}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            void logout().then(() => navigate('/login', { replace: true }));
          }}
        >
          {t('navbar.logout')}
        </Button>
      </form>
    </main>
  );
}
