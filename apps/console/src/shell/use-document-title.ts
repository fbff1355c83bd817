import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The document title follows the page label and the language: `<label>-<site title>`. */
export function useDocumentTitle(label: string | undefined): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const site = t('title');
    document.title = label ? `${label}-${site}` : site;
  }, [label, t, i18n.language]);
}
