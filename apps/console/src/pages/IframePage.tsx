import { useTranslation } from 'react-i18next';

/** Only http(s) addresses are embedded (a `javascript:` or `data:` src would run in the console's origin). */
export function safeFrameSrc(src: unknown): string | undefined {
  if (typeof src !== 'string') return undefined;
  try {
    const url = new URL(src);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The embedded page of an external menu link (`/myiframe/urlPath?name=…&src=…`, docs/spec.md §2). */
export default function IframePage({ src, title }: { src: unknown; title: string }) {
  const { t } = useTranslation();
  const url = safeFrameSrc(src);
  if (!url) {
    return (
      <p role="alert" className="p-6 text-sm text-muted-foreground">
        {t('iframe.invalid')}
      </p>
    );
  }
  return (
    <iframe
      src={url}
      title={title}
      className="h-[calc(100vh-9.5rem)] w-full rounded-md border bg-background"
      referrerPolicy="no-referrer"
      sandbox="allow-forms allow-scripts allow-same-origin allow-popups allow-downloads"
    />
  );
}
