import { useTranslation } from 'react-i18next';

/** Third-party sign-in providers (docs/console-behaviour.md §9). */
export const SOCIAL_SOURCES = ['github', 'gitee', 'wechat_open', 'qq'] as const;
export type SocialSource = (typeof SOCIAL_SOURCES)[number];

/** The provider's render URL: the server answers 302 to the provider's authorize page (`oauth/render/{source}`). */
export function socialRenderUrl(source: string): string {
  return `/api/smart-auth/oauth/render/${encodeURIComponent(source)}`;
}

const MARK: Record<SocialSource, string> = { github: 'GH', gitee: 'G', wechat_open: 'W', qq: 'Q' };

/** Third-party sign-in: plain links to the render URL (no script, so /login stays small). */
export function SocialButtons() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('register.thirdParty')} className="mt-4 border-t pt-3" data-testid="social-login">
      <p className="mb-2 text-center text-xs text-muted-foreground">{t('register.thirdParty')}</p>
      <ul className="flex justify-center gap-3">
        {SOCIAL_SOURCES.map((source) => (
          <li key={source}>
            <a
              href={socialRenderUrl(source)}
              title={t(`register.providers.${source}`)}
              aria-label={t(`register.providers.${source}`)}
              className="flex size-9 items-center justify-center rounded-full border text-xs font-semibold text-muted-foreground hover:border-primary hover:text-primary-text"
            >
              <span aria-hidden>{MARK[source]}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
