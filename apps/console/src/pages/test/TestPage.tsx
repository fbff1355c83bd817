import { getWebsite, tokenAgeSeconds, useSession } from '@smart/auth';
import { Card, CardContent, CardHeader, CardTitle } from '@smart/ui';
import { useTranslation } from 'react-i18next';
import '../../i18n/session-check';

/**
 * `/test/index` (docs/spec.md §2; upstream's test page): a session check for whoever verifies a login, a role or a grant:
 * who is signed in, in which tenant and roles, how old the token is, and the button permissions the server granted.
 * The token itself is never shown.
 */
export default function TestPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  const savedAt = useSession((s) => s.tokenSavedAt);
  const deptId = useSession((s) => s.deptId);
  const permission = useSession((s) => s.permission);
  const menuCount = useSession((s) => s.menu.length);
  const codes = Object.keys(permission)
    .filter((code) => permission[code])
    .sort();
  const none = t('sessionCheck.none');
  const age = Number.isFinite(tokenAgeSeconds()) ? Math.floor(tokenAgeSeconds()) : undefined;
  const rows: [string, string][] = [
    [t('sessionCheck.account'), user?.account || none],
    [t('sessionCheck.userName'), user?.nick_name || user?.user_name || none],
    [t('sessionCheck.userId'), user?.user_id ? String(user.user_id) : none],
    [t('sessionCheck.tenant'), user?.tenant_id || none],
    [t('sessionCheck.roles'), user?.role_name || none],
    [t('sessionCheck.dept'), deptId || user?.dept_id || none],
    [t('sessionCheck.tokenSavedAt'), savedAt > 0 ? new Date(savedAt).toLocaleString() : none],
    [t('sessionCheck.tokenAge'), age === undefined ? none : t('sessionCheck.seconds', { count: age })],
    [t('sessionCheck.tokenRefresh'), t('sessionCheck.seconds', { count: getWebsite().tokenTime })],
    [t('sessionCheck.menus'), t('sessionCheck.menuCount', { count: menuCount })],
  ];
  return (
    <div className="grid max-w-5xl gap-3" data-testid="session-check">
      <Card>
        <CardHeader>
          <CardTitle>{t('sessionCheck.session')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <p className="text-muted-foreground">{t('sessionCheck.intro')}</p>
          <dl className="grid grid-cols-[10rem_1fr] gap-y-1">
            {rows.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="break-all">{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            {t('sessionCheck.permissions')}{' '}
            <span className="text-sm font-normal text-muted-foreground">
              {t('sessionCheck.permissionCount', { count: codes.length })}
            </span>
          </CardTitle>
        </CardHeader>
        <CardContent className="text-sm">
          {codes.length === 0 ? (
            <p className="text-muted-foreground">{t('sessionCheck.noPermissions')}</p>
          ) : (
            <ul className="flex flex-wrap gap-1" aria-label={t('sessionCheck.permissions')}>
              {codes.map((code) => (
                <li key={code} className="rounded-md border px-2 py-0.5 font-mono text-xs">
                  {code}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
