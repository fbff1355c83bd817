import { noticeList, oauthUserInfo, orderList } from '@smart/api-sdk';
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@smart/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellNavigate } from '../../shell/navigate';
import { noticeText } from '../../shell/notice-text';
import '../../i18n/page-texts';

/** The top bar's cache entry of `oauth/user-info` (expiry, power, balance): one request for both. */
export const USER_FIGURES_KEY = ['oauth-user-info'] as const;

export function useUserFigures() {
  return useQuery({
    queryKey: USER_FIGURES_KEY,
    queryFn: ({ signal }) => oauthUserInfo(undefined, signal),
    staleTime: 60_000,
  });
}

/** Latest notices and their total (`notice/list`, first page). */
export function useNotices(size: number) {
  return useQuery({
    queryKey: ['wel-notices', size],
    queryFn: ({ signal }) => noticeList({ current: 1, size }, { silent: true }, signal),
  });
}

/** Number of orders the caller may see (`order/list` total); fails quietly without the permission. */
export function useOrderTotal() {
  return useQuery({
    queryKey: ['wel-order-total'],
    queryFn: ({ signal }) => orderList({ current: 1, size: 1 }, { silent: true }, signal),
    select: (page) => page.total,
    retry: false,
  });
}

export function FigureCard({
  title,
  value,
  unit,
  loading,
  action,
  testId,
}: {
  title: string;
  value: ReactNode;
  unit?: string;
  loading?: boolean;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle className="text-sm font-normal text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {loading ? (
          <Skeleton className="h-8 w-24" />
        ) : (
          <p className="text-2xl font-semibold">
            {value}
            {unit ? <span className="ml-1 text-sm font-normal text-muted-foreground">{unit}</span> : null}
          </p>
        )}
        {action}
      </CardContent>
    </Card>
  );
}

/** Expiry, power and balance from `oauth/user-info`, each linking to the recharge page. */
export function AccountFigures() {
  const { t } = useTranslation();
  const navigate = useShellNavigate();
  const figures = useUserFigures();
  const data = figures.data;
  const unavailable = figures.isError ? t('dashboard.unavailable') : undefined;
  const recharge = (
    <a
      href="/pay/pay"
      onClick={(e) => {
        e.preventDefault();
        void navigate('/pay/pay');
      }}
      className="text-xs text-primary-text underline-offset-4 hover:underline"
    >
      {t('dashboard.recharge')}
    </a>
  );
  return (
    <>
      <FigureCard
        testId="figure-expire"
        title={t('dashboard.expireTime')}
        loading={figures.isPending}
        value={unavailable ?? (data?.expireTime || t('dashboard.unlimited'))}
        action={recharge}
      />
      <FigureCard
        testId="figure-power"
        title={t('dashboard.power')}
        loading={figures.isPending}
        value={unavailable ?? data?.power}
        unit={unavailable ? undefined : t('dashboard.powerUnit')}
        action={recharge}
      />
      <FigureCard
        testId="figure-balance"
        title={t('dashboard.balance')}
        loading={figures.isPending}
        value={unavailable ?? data?.balance}
        unit={unavailable ? undefined : t('dashboard.balanceUnit')}
        action={recharge}
      />
    </>
  );
}

/** The newest notices as plain text (never HTML). */
export function LatestNotices({ size = 5 }: { size?: number }) {
  const { t } = useTranslation();
  const notices = useNotices(size);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.latestNotices')}</CardTitle>
      </CardHeader>
      <CardContent>
        {notices.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : notices.isError ? (
          <p className="text-sm text-muted-foreground">{t('dashboard.unavailable')}</p>
        ) : notices.data.records.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('dashboard.noNotices')}</p>
        ) : (
          <ul className="divide-y" data-testid="latest-notices">
            {notices.data.records.map((notice) => (
              <li key={notice.id} className="py-2">
                <p className="flex justify-between gap-3 text-sm">
                  <span className="truncate font-medium">{notice.title}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">{notice.releaseTime}</span>
                </p>
                <p className="line-clamp-1 text-xs text-muted-foreground">{noticeText(notice.content)}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
