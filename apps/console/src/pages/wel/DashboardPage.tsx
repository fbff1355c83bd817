import { Skeleton } from '@smart/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountFigures, FigureCard, LatestNotices, useNotices, useOrderTotal } from './figures';
import '../../i18n/page-texts';

// the charts bring Recharts: their own chunk, after the figures
const TrendsCard = lazy(() => import('./TrendsCard'));

/**
 * `/wel/dashboard`: figures the server really has — expiry, power and balance (`oauth/user-info`), the number of
 * notices (`notice/list` total) and of orders (`order/list` total, "no data" without the permission) — and the
 * daily trends (`dashboard/trends`) and the latest notices. Nothing is made up: a figure without a source says so.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const notices = useNotices(5);
  const orders = useOrderTotal();
  return (
    <div className="grid max-w-5xl gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <AccountFigures />
        <FigureCard
          testId="figure-notices"
          title={t('dashboard.notices')}
          loading={notices.isPending}
          value={notices.isError ? t('dashboard.unavailable') : notices.data?.total}
        />
        <FigureCard
          testId="figure-orders"
          title={t('dashboard.orders')}
          loading={orders.isPending}
          value={orders.isError ? t('dashboard.unavailable') : orders.data}
        />
      </div>
      <Suspense fallback={<Skeleton className="h-80 w-full" />}>
        <TrendsCard />
      </Suspense>
      <LatestNotices />
    </div>
  );
}
