import { hasLockPassword, lock } from '@smart/auth';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  IconButton,
  Label,
  PasswordInput,
} from '@smart/ui';
import { Lock } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §5: the lock password is required. */
export function lockPasswordError(password: string): 'lock.required' | undefined {
  return password === '' ? 'lock.required' : undefined;
}

/**
 * The top bar's lock (docs/spec.md §2, §4): asks for a lock password (required), then locks; the shell moves to /lock
 * 100 ms later (see lock-delay.ts). With a password already set it locks at once.
 */
export function useLockScreen(): { start: () => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  const start = () => {
    if (hasLockPassword()) {
      void lock();
      return;
    }
    setPassword('');
    setError(undefined);
    setOpen(true);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = lockPasswordError(password);
    setError(problem);
    if (problem) return;
    setOpen(false);
    await lock(password);
  };

  const dialog = (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent width={420}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('lock.setPassword')}</DialogTitle>
            <DialogDescription>{t('lock.setPasswordHint')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-pw`}>{t('lock.password')}</Label>
            <PasswordInput
              id={`${id}-pw`}
              value={password}
              autoComplete="new-password"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-err` : undefined}
              onChange={(e) => setPassword(e.target.value)}
              onBlur={(e) => setError(lockPasswordError(e.target.value))}
            />
            {error ? (
              <p id={`${id}-err`} role="alert" className="text-sm text-destructive">
                {t(error)}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="primary">
              {t('lock.lock')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
  return { start, dialog };
}

/** The lock as a top-bar icon (the phone's user menu starts the same flow from `useLockScreen`). */
export function LockButton({ lockScreen }: { lockScreen: { start: () => void } }) {
  const { t } = useTranslation();
  return (
    <IconButton size="icon-sm" label={t('lock.lock')} onClick={lockScreen.start} data-testid="lock-button">
      <Lock />
    </IconButton>
  );
}
