import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * A menu entry whose view is not built yet (docs/architecture.md §4): an in-layout page that says so, instead of the
 * full-screen 404 of a path nobody knows. `name` is the menu's name, also the tab's label.
 */
export default function UnavailablePage({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <section
      className="flex h-full min-h-64 flex-col items-center justify-center gap-3 rounded-md bg-background p-6 text-center"
      data-testid="unavailable-page"
    >
      <Construction className="size-10 text-muted-foreground" aria-hidden />
      <h2 className="text-lg font-medium">{t('unavailable.title')}</h2>
      <p className="text-sm text-muted-foreground">{t('unavailable.hint', { name })}</p>
    </section>
  );
}
