import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../i18n';

/** Switches between Chinese and English; the choice is kept in local storage. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const next = currentLanguage() === 'zh' ? 'en' : 'zh';
  return (
    <button
      type="button"
      onClick={() => setLanguage(next)}
      className={`inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2 text-sm whitespace-nowrap text-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${className ?? ''}`}
      aria-label={t('navbar.language')}
      data-testid="language-switch"
    >
      <Languages className="size-4" aria-hidden />
      {t(next === 'en' ? 'navbar.en' : 'navbar.zh')}
    </button>
  );
}
