import { Button } from '@smart/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../shell/use-document-title';

export default function ErrorPage({ code }: { code: 403 | 404 | 500 }) {
  const { t } = useTranslation();
  useDocumentTitle(String(code));
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-background p-6 text-center text-foreground">
      <p className="text-7xl font-bold text-primary-text">{code}</p>
      <h1 className="text-lg">{t(`error.${code}`)}</h1>
      <Button asChild variant="primary">
        <Link to="/">{t('common.backHome')}</Link>
      </Button>
    </main>
  );
}
