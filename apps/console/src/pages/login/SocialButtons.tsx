import { useTranslation } from 'react-i18next';
import { siGitee, siGithub, siQq, siWechat, type SimpleIcon } from 'simple-icons';

/** Third-party sign-in providers (docs/console-behaviour.md §9). */
export const SOCIAL_SOURCES = ['github', 'gitee', 'wechat_open', 'qq'] as const;
export type SocialSource = (typeof SOCIAL_SOURCES)[number];

/** The provider's render URL: the server answers 302 to the provider's authorize page (`oauth/render/{source}`). */
export function socialRenderUrl(source: string): string {
  return `/api/smart-auth/oauth/render/${encodeURIComponent(source)}`;
}

/** Each provider's logo (simple-icons: one 24×24 path each; only these four reach the bundle). */
const LOGO: Record<SocialSource, SimpleIcon> = {
  github: siGithub,
  gitee: siGitee,
  wechat_open: siWechat,
  qq: siQq,
};

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
              className="flex size-9 items-center justify-center rounded-full border text-muted-foreground hover:border-primary hover:text-primary-text"
            >
              <svg
                viewBox="0 0 24 24"
                className="size-4.5"
                aria-hidden
                focusable="false"
                data-provider={source}
              >
                <path d={LOGO[source].path} fill="currentColor" />
              </svg>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
