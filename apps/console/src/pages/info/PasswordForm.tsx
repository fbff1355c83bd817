import { userUpdatePassword } from '@smart/api-sdk';
import { hashPassword } from '@smart/auth';
import { Button, Label, PasswordInput } from '@smart/ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../shell/toaster-host';
import '../../i18n/page-texts';

type Field = 'oldPassword' | 'newPassword' | 'newPassword1';
type Values = Record<Field, string>;

const LABEL: Record<Field, string> = {
  oldPassword: 'info.oldPassword',
  newPassword: 'info.newPassword',
  newPassword1: 'info.confirmPassword',
};
const REQUIRED: Record<Field, string> = {
  oldPassword: 'info.oldRequired',
  newPassword: 'info.newRequired',
  newPassword1: 'info.confirmRequired',
};
const EMPTY: Values = { oldPassword: '', newPassword: '', newPassword1: '' };

/** The catalogue key of a password field's problem, or undefined (required; the confirmation must match). */
export function passwordProblem(field: Field, values: Values): string | undefined {
  if (!values[field]) return REQUIRED[field];
  if (field === 'newPassword1' && values.newPassword1 !== values.newPassword) return 'info.mismatch';
  return undefined;
}

/** Tab 'change password' (docs/spec.md §2): old, new, confirm; `update-password` with the md5 of each (contract). */
export function PasswordForm() {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);

  const check = (field: Field, next: Values) => {
    const key = passwordProblem(field, next);
    setErrors((e) => ({ ...e, [field]: key ? t(key) : undefined }));
    return !key;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = (Object.keys(LABEL) as Field[]).map((field) => check(field, values)).every(Boolean);
    if (!ok || saving) return;
    setSaving(true);
    try {
      const [oldPassword, newPassword, newPassword1] = await Promise.all([
        hashPassword(values.oldPassword),
        hashPassword(values.newPassword),
        hashPassword(values.newPassword1),
      ]);
      await userUpdatePassword({ oldPassword, newPassword, newPassword1 });
      setValues(EMPTY);
      setErrors({});
      void notifySuccess(t('info.passwordSaved'));
    } catch {
      // the HTTP layer showed the server's message (e.g. 原密码不正确!)
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid max-w-md gap-4" data-testid="password-form">
      {(Object.keys(LABEL) as Field[]).map((field) => (
        <div key={field} className="grid gap-1.5">
          <Label htmlFor={`${id}-${field}`}>{t(LABEL[field])}</Label>
          <PasswordInput
            id={`${id}-${field}`}
            autoComplete={field === 'oldPassword' ? 'current-password' : 'new-password'}
            value={values[field]}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
            onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            onBlur={(e) => check(field, { ...values, [field]: e.target.value })}
          />
          {errors[field] ? (
            <p id={`${id}-${field}-error`} role="alert" className="text-sm text-destructive">
              {errors[field]}
            </p>
          ) : null}
        </div>
      ))}
      <div>
        <Button type="submit" variant="primary" loading={saving}>
          {t('info.save')}
        </Button>
      </div>
    </form>
  );
}
