import {
  getOauthUserInfoQueryKey,
  getUserInfoQueryKey,
  userInfo,
  userUpdateInfo,
  type User,
} from '@smart/api-sdk';
import { AvatarUpload, Button, Input, Label, Skeleton } from '@smart/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../shell/toaster-host';
import { phoneProblem } from './phone';
import { uploadAvatar } from './upload-avatar';
import '../../i18n/page-texts';

interface ProfileValues {
  avatar: string;
  name: string;
  realName: string;
  phone: string;
  email: string;
}

type Checked = 'name' | 'phone';

function fromUser(user: User): ProfileValues {
  return {
    avatar: user.avatar ?? '',
    name: user.name ?? '',
    realName: user.realName ?? '',
    phone: user.phone ?? '',
    email: user.email ?? '',
  };
}

/** Tab 'personal info' (docs/spec.md §2): avatar, phone, expiry time and remaining power (read only); `update-info`. */
export function ProfileForm() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: getUserInfoQueryKey(),
    queryFn: ({ signal }) => userInfo(undefined, signal),
  });
  const [values, setValues] = useState<ProfileValues>();
  const [errors, setErrors] = useState<Partial<Record<Checked, string>>>({});
  const [saving, setSaving] = useState(false);

  const user = query.data;
  useEffect(() => {
    if (user) setValues(fromUser(user));
  }, [user]);

  if (query.isError) return <p className="text-sm text-destructive">{t('info.loadFailed')}</p>;
  if (!user || !values) return <Skeleton className="h-64 w-full max-w-xl" />;

  const rule: Record<Checked, (v: string) => string | undefined> = {
    name: (v) => (v.trim() ? undefined : 'info.nameRequired'),
    phone: phoneProblem,
  };
  const check = (field: Checked, value: string) => {
    const key = rule[field](value);
    setErrors((e) => ({ ...e, [field]: key ? t(key) : undefined }));
    return !key;
  };
  const set = (field: keyof ProfileValues, value: string) =>
    setValues((v) => (v ? { ...v, [field]: value } : v));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = [check('name', values.name), check('phone', values.phone)].every(Boolean);
    if (!ok || saving) return;
    setSaving(true);
    try {
      await userUpdateInfo({
        id: user.id,
        name: values.name.trim(),
        realName: values.realName.trim() || undefined,
        avatar: values.avatar,
        phone: values.phone.trim(),
        email: values.email.trim(),
      });
      void notifySuccess(t('info.saved'));
      // The top bar shows the avatar and name from user-info.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getUserInfoQueryKey() }),
        queryClient.invalidateQueries({ queryKey: getOauthUserInfoQueryKey() }),
        queryClient.invalidateQueries({ queryKey: ['oauth-user-info'] }),
      ]);
    } catch {
      // the HTTP layer showed why
    } finally {
      setSaving(false);
    }
  };

  const text = (field: 'name' | 'realName' | 'email' | 'phone', checked?: Checked) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${field}`}>{t(`info.${field}`)}</Label>
      <Input
        id={`${id}-${field}`}
        value={values[field]}
        inputMode={field === 'phone' ? 'tel' : undefined}
        aria-invalid={checked && errors[checked] ? true : undefined}
        aria-describedby={checked && errors[checked] ? `${id}-${field}-error` : undefined}
        onChange={(e) => set(field, e.target.value)}
        onBlur={checked ? (e) => check(checked, e.target.value) : undefined}
      />
      {checked && errors[checked] ? (
        <p id={`${id}-${field}-error`} role="alert" className="text-sm text-destructive">
          {errors[checked]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="grid max-w-xl gap-4" data-testid="profile-form">
      <div className="grid gap-1.5">
        <span className="text-sm font-medium" id={`${id}-avatar`}>
          {t('info.avatar')}
        </span>
        <AvatarUpload
          aria-labelledby={`${id}-avatar`}
          value={values.avatar || null}
          onChange={(url) => set('avatar', url ?? '')}
          upload={uploadAvatar}
        />
      </div>
      {text('name', 'name')}
      {text('realName')}
      {text('phone', 'phone')}
      {text('email')}
      <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
        <dt className="text-muted-foreground">{t('info.expireTime')}</dt>
        <dd data-testid="info-expire">{user.expireTime || t('info.unlimited')}</dd>
        <dt className="text-muted-foreground">{t('info.power')}</dt>
        <dd data-testid="info-power">{user.power}</dd>
      </dl>
      <div>
        <Button type="submit" variant="primary" loading={saving}>
          {t('info.save')}
        </Button>
      </div>
    </form>
  );
}
