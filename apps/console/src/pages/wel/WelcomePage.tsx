import { useSession } from '@smart/auth';
import { Card, CardContent, CardHeader, CardTitle } from '@smart/ui';
import { useTranslation } from 'react-i18next';
import { AccountFigures, LatestNotices } from './figures';
import '../../i18n/page-texts';

/** `/wel/index`, the home tab: who is signed in, the account's figures and the latest notices (real data only). */
export default function WelcomePage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  const name = user?.nick_name || user?.user_name || '';
  return (
    <div className="grid max-w-5xl gap-3">
      <Card>
        <CardHeader>
          <CardTitle>{t('wel.greeting', { name })}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <p className="text-muted-foreground">{t('wel.intro')}</p>
          <dl className="grid grid-cols-[8rem_1fr] gap-y-1">
            <dt className="text-muted-foreground">{t('wel.account')}</dt>
            <dd>{user?.account}</dd>
            <dt className="text-muted-foreground">{t('wel.tenant')}</dt>
            <dd>{user?.tenant_id}</dd>
            <dt className="text-muted-foreground">{t('wel.role')}</dt>
            <dd>{user?.role_name}</dd>
          </dl>
        </CardContent>
      </Card>
      <div className="grid gap-3 sm:grid-cols-3">
        <AccountFigures />
      </div>
      <LatestNotices />
    </div>
  );
}
