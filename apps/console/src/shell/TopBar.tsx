import { memo } from 'react';
import { logout, useSession } from '@smart/auth';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  FullscreenToggle,
  IconButton,
  useConfirm,
} from '@smart/ui';
import { oauthUserInfo } from '@smart/api-sdk';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, LogOut, PanelLeftClose, PanelLeftOpen, LayoutDashboard, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useShellNavigate } from './navigate';
import { PrimaryColourPicker, ThemePicker } from './AppearanceControls';
import { ErrorLogButton } from './ErrorLogButton';
import { LanguageSwitch } from './LanguageSwitch';
import { LockButton } from './LockButton';
import { MenuAutocomplete } from './MenuAutocomplete';
import { NoticePopover } from './NoticePopover';
import { useSwitchDeptRole } from './SwitchDeptRoleDialog';
import { TopMenu } from './TopMenu';
import type { MenuItem } from './menu';

interface TopBarProps {
  collapsed: boolean;
  onToggle: () => void;
  /** The role-filtered menu, for the search box. */
  items: MenuItem[];
  /** The chosen top menu (`''`: none) and how to choose one. */
  topMenuId: string;
  onTopMenu: (topMenuId: string) => void;
}

function TopBarView({ collapsed, onToggle, items, topMenuId, onTopMenu }: TopBarProps) {
  const { t } = useTranslation();
  const navigate = useShellNavigate();
  const confirm = useConfirm();
  const login = useSession((s) => s.userInfo);
  const switcher = useSwitchDeptRole();
  // The login answer has the figures already; user-info keeps them current (power and balance change).
  // (A plain useQuery: the generated hook lives in the module login uses, and would drag TanStack Query into /login.)
  const info = useQuery({
    queryKey: ['oauth-user-info'],
    queryFn: ({ signal }) => oauthUserInfo(undefined, signal),
    staleTime: 60_000,
  }).data;

  const name = info?.userName || login?.nick_name || login?.user_name || '';
  const avatar = info?.avatar || login?.avatar || '/logo.svg';
  const expireTime = info?.expireTime ?? login?.expireTime ?? '';
  const power = info?.power ?? login?.power;
  const balance = info?.balance ?? login?.balance;

  const onLogout = async () => {
    const ok = await confirm({ title: t('common.tip'), description: t('navbar.logoutTip') });
    if (!ok) return;
    await logout();
    void navigate('/login', { replace: true });
  };

  return (
    <header
      className="flex h-14 shrink-0 items-center gap-2 border-b bg-background px-3"
      data-testid="top-bar"
    >
      <IconButton
        size="icon-sm"
        onClick={onToggle}
        label={collapsed ? t('navbar.expand') : t('navbar.collapse')}
        aria-expanded={!collapsed}
        data-testid="collapse-toggle"
      >
        {collapsed ? <PanelLeftOpen /> : <PanelLeftClose />}
      </IconButton>
      <TopMenu active={topMenuId} onSelect={onTopMenu} />
      <MenuAutocomplete items={items} className="hidden w-48 sm:flex" />
      <div className="flex-1" />
      <a
        href="/pay/pay"
        onClick={(e) => {
          e.preventDefault();
          void navigate('/pay/pay');
        }}
        className="hidden items-center gap-3 rounded-md px-2 py-1 text-xs whitespace-nowrap text-muted-foreground hover:bg-muted xl:flex"
        data-testid="account-figures"
      >
        <span>
          {t('navbar.expireTime')}:{' '}
          <strong className="font-medium text-foreground">{expireTime || t('navbar.unlimited')}</strong>
        </span>
        <span>
          {t('navbar.power')}: <strong className="font-medium text-foreground">{power ?? '-'}</strong>{' '}
          {t('navbar.powerUnit')}
        </span>
        <span>
          {t('navbar.balance')}: <strong className="font-medium text-foreground">{balance ?? '-'}</strong>{' '}
          {t('navbar.balanceUnit')}
        </span>
      </a>
      <div className="hidden items-center gap-1 md:flex">
        <PrimaryColourPicker />
        <ThemePicker />
        <LockButton />
        <FullscreenToggle size="icon-sm" />
      </div>
      <NoticePopover />
      <ErrorLogButton />
      <LanguageSwitch />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" data-testid="user-menu">
            <img src={avatar} alt="" width={24} height={24} className="size-6 rounded-full object-cover" />
            <span className="max-w-32 truncate">{name}</span>
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>{name}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void navigate('/wel/dashboard')}>
            <LayoutDashboard aria-hidden />
            {t('navbar.dashboard')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void navigate('/info/index')} data-testid="user-info">
            <UserRound aria-hidden />
            {t('navbar.userInfo')}
          </DropdownMenuItem>
          {switcher.menuItem}
          <DropdownMenuItem onSelect={() => void onLogout()}>
            <LogOut aria-hidden />
            {t('navbar.logout')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {switcher.dialog}
    </header>
  );
}

/** Memoised: the layout re-renders on every navigation, the top bar has nothing that depends on it. */
export const TopBar = memo(TopBarView);
