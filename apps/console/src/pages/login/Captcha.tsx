import { oauthCaptcha } from '@smart/api-sdk';
import { Input, Label } from '@smart/ui';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** What the login form reads from the captcha field. */
export interface CaptchaHandle {
  /** The key of the shown picture (sent as `Captcha-Key`) and the typed text (`Captcha-Code`). */
  value: () => { key: string; code: string };
  /** A new picture, and the typed text cleared (after a failed login: a captcha is good for one try). */
  reload: () => void;
}

export interface CaptchaFieldProps {
  id: string;
  ref?: Ref<CaptchaHandle>;
  error?: string;
  onCodeChange?: (code: string) => void;
  onBlur?: (code: string) => void;
}

/**
 * Captcha mode of the login form (docs/spec.md §2, docs/console-behaviour.md §9): the picture from `oauth/captcha` (tokenless), a new
 * one on click and after every failed login. Loaded only in captcha mode.
 */
export default function CaptchaField({ id, ref, error, onCodeChange, onBlur }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const [captcha, setCaptcha] = useState<{ key: string; image: string }>();
  const [failed, setFailed] = useState(false);
  const [code, setCode] = useState('');
  const request = useRef(0);

  const load = useCallback(async () => {
    const mine = ++request.current;
    try {
      const next = await oauthCaptcha({ meta: { isToken: false } });
      if (mine !== request.current) return;
      setCaptcha({ key: next.key, image: next.image });
      setFailed(false);
    } catch {
      if (mine === request.current) setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const change = (next: string) => {
    setCode(next);
    onCodeChange?.(next);
  };

  useImperativeHandle(
    ref,
    () => ({
      value: () => ({ key: captcha?.key ?? '', code: code.trim() }),
      reload: () => {
        change('');
        void load();
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [captcha, code, load],
  );

  return (
    <div className="mb-4 grid gap-1.5">
      <Label htmlFor={id}>{t('captcha.label')}</Label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          name="captcha"
          autoComplete="off"
          placeholder={t('captcha.placeholder')}
          maxLength={16}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => change(e.target.value)}
          onBlur={(e) => onBlur?.(e.target.value)}
        />
        <button
          type="button"
          onClick={() => void load()}
          title={t('captcha.image')}
          aria-label={t('captcha.image')}
          data-testid="captcha-image"
          className="h-9 w-[100px] shrink-0 cursor-pointer overflow-hidden rounded-md border bg-muted text-xs text-muted-foreground"
        >
          {captcha && !failed ? (
            <img src={captcha.image} alt="" className="size-full object-cover" />
          ) : failed ? (
            t('captcha.loadFailed')
          ) : null}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
