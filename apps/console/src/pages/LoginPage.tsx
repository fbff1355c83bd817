import { getWebsite, login } from '@smart/auth';
import { Button, Input, Label, PasswordInput } from '@smart/ui';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { useDocumentTitle } from '../shell/use-document-title';
import type { CaptchaHandle } from './login/Captcha';
import { SocialButtons } from './login/SocialButtons';
import { preloadShell } from '../shell/preload';

// Captcha mode and the registration dialog load on demand, so /login carries neither up front.
const CaptchaField = lazy(() => import('./login/Captcha'));
const RegisterDialog = lazy(() => import('./login/RegisterDialog'));

type Field = 'tenantId' | 'username' | 'password';
type Values = Record<Field, string>;

const REQUIRED_KEY: Record<Field, string> = {
  tenantId: 'login.tenantRequired',
  username: 'login.usernameRequired',
  password: 'login.passwordRequired',
};

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const website = getWebsite();
  const id = useId();
  useDocumentTitle(t('route.login'));

  const [values, setValues] = useState<Values>({ tenantId: website.tenantId, username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const captchaRef = useRef<CaptchaHandle>(null);
  // The guard leaves /login as soon as the token is saved, before login() resolves (it still loads the
  // dictionaries); navigating home then would undo whatever the user opened meanwhile.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const [captchaCode, setCaptchaCode] = useState('');
  const [captchaError, setCaptchaError] = useState<string>();
  const [registerOpen, setRegisterOpen] = useState(false);
  const [registerLoaded, setRegisterLoaded] = useState(false);

  const fields: Field[] = website.tenantMode
    ? ['tenantId', 'username', 'password']
    : ['username', 'password'];

  useEffect(() => {
    // Read by the login-page benchmark: the form is on screen.
    performance.mark('login-form-visible');
  }, []);

  const check = (field: Field, value: string) => {
    setErrors((prev) => ({ ...prev, [field]: value.trim() ? undefined : t(REQUIRED_KEY[field]) }));
    return Boolean(value.trim());
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = fields.map((field) => check(field, values[field])).every(Boolean);
    const captchaOk = !website.captchaMode || checkCaptcha(captchaCode);
    if (!ok || !captchaOk || submitting) return;
    setSubmitting(true);
    preloadShell();
    try {
      await login({
        tenantId: website.tenantMode ? values.tenantId.trim() : website.tenantId,
        username: values.username.trim(),
        password: values.password,
        ...(website.captchaMode && captchaRef.current ? { captcha: captchaRef.current.value() } : {}),
      });
      if (mounted.current) void navigate('/wel/index', { replace: true });
    } catch {
      // The HTTP layer already showed the server's message (error_description); stay on the form.
      setSubmitting(false);
      // A captcha is good for one try: a new picture after every failed login.
      captchaRef.current?.reload();
    }
  };

  const checkCaptcha = (value: string) => {
    const missing = !value.trim();
    setCaptchaError(missing ? t('captcha.required') : undefined);
    return !missing;
  };

  const input = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setValues((v) => ({ ...v, [field]: e.target.value })),
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => check(field, e.target.value),
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-primary/15 via-background to-background p-4">
      <div className="absolute right-4 top-4">
        <LanguageSwitch />
      </div>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={`${id}-heading`}
        data-testid="login-form"
        className="w-full max-w-sm rounded-xl border bg-card p-8 text-card-foreground shadow-lg"
      >
        <div className="mb-6 flex items-center gap-3">
          <img src="/logo.svg" alt="" width={40} height={40} />
          <div>
            <h1 id={`${id}-heading`} className="text-xl font-semibold">
              {t('title')}
            </h1>
            <p className="text-sm text-muted-foreground">{t('login.subtitle')}</p>
          </div>
        </div>
        <h2 className="mb-4 text-base font-medium">{t('login.heading')}</h2>
        {fields.map((field) => (
          <div key={field} className="mb-4 grid gap-1.5">
            <Label htmlFor={`${id}-${field}`}>{t(`login.${field}`)}</Label>
            {field === 'password' ? (
              <PasswordInput autoComplete="current-password" {...input(field)} />
            ) : (
              <Input autoComplete={field === 'username' ? 'username' : 'off'} {...input(field)} />
            )}
            {errors[field] ? (
              <p id={`${id}-${field}-error`} role="alert" className="text-sm text-destructive">
                {errors[field]}
              </p>
            ) : null}
          </div>
        ))}
        {website.captchaMode ? (
          <Suspense fallback={<div className="mb-4 h-[60px]" aria-busy="true" />}>
            <CaptchaField
              id={`${id}-captcha`}
              ref={captchaRef}
              error={captchaError}
              onCodeChange={setCaptchaCode}
              onBlur={checkCaptcha}
            />
          </Suspense>
        ) : null}
        <Button type="submit" variant="primary" className="mt-2 w-full" loading={submitting}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </Button>
        <div className="mt-3 flex justify-end">
          <Button
            type="button"
            variant="link"
            size="xs"
            data-testid="open-register"
            onClick={() => {
              setRegisterLoaded(true);
              setRegisterOpen(true);
            }}
          >
            {t('register.open')}
          </Button>
        </div>
        <SocialButtons />
      </form>
      {registerLoaded ? (
        <Suspense fallback={null}>
          <RegisterDialog open={registerOpen} onOpenChange={setRegisterOpen} />
        </Suspense>
      ) : null}
    </main>
  );
}
