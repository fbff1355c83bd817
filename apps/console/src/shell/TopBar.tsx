import { memo } from 'react';
import { logout, useSession } from '@smart/auth';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuDialogItem,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
  FullscreenToggle,
  IconButton,
  PHONE_QUERY,
  useConfirm,
  useMediaQuery,
} from '@smart/ui';
import { oauthUserInfo } from '@smart/api-sdk';
import { useQuery } from '@tanstack/react-query';
import {
  ChevronDown,
  Languages,
  LayoutDashboard,
  Lock,
  LogOut,
  PanelLeftClose,
  PanelLeftOpen,
  Palette,
  UserRound,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../i18n';
import { useShellNavigate } from './navigate';
import { PrimaryColourPicker, ThemePicker, ThemeRadioGroup } from './AppearanceControls';
import { ErrorLogButton } from './ErrorLogButton';
import { LanguageSwitch } from './LanguageSwitch';
import { LockButton, useLockScreen } from './LockButton';
import { MenuAutocomplete } from './MenuAutocomplete';
import { NoticePopover } from './NoticePopover';
import { useSwitchDeptRole } from './SwitchDeptRoleDialog';
import { TopMenu } from './TopMenu';
import type { MenuItem } from './menu';

/** Below Tailwind's `md`, where the appearance group is hidden. */
const TABLET_DOWN = '(max-width: 767px)';

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
  const lockScreen = useLockScreen();
  // Below the tablet width the bar folds: theme and lock (hidden with the appearance group) and, on a phone, the
  // language move into the user menu, and the name leaves only the avatar, so the bar's controls fit one line.
  const folded = useMediaQuery(TABLET_DOWN);
  const phone = useMediaQuery(PHONE_QUERY);
  const nextLanguage = currentLanguage() === 'zh' ? 'en' : 'zh';
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
        <LockButton lockScreen={lockScreen} />
        <FullscreenToggle size="icon-sm" />
      </div>
      <NoticePopover />
      <ErrorLogButton />
      {phone ? null : <LanguageSwitch />}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" data-testid="user-menu" aria-label={phone ? name : undefined}>
            <img src={avatar} alt="" width={24} height={24} className="size-6 rounded-full object-cover" />
            {phone ? null : <span className="max-w-32 truncate">{name}</span>}
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
          {folded ? (
            <>
              <DropdownMenuSeparator />
              {phone ? (
                <DropdownMenuItem onSelect={() => setLanguage(nextLanguage)} data-testid="menu-language">
                  <Languages aria-hidden />
                  {t(nextLanguage === 'en' ? 'navbar.en' : 'navbar.zh')}
                </DropdownMenuItem>
              ) : null}
              <DropdownMenuSub>
                <DropdownMenuSubTrigger>
                  <Palette aria-hidden />
                  {t('theme.title')}
                </DropdownMenuSubTrigger>
                <DropdownMenuSubContent className="min-w-44">
                  <ThemeRadioGroup />
                </DropdownMenuSubContent>
              </DropdownMenuSub>
              <DropdownMenuDialogItem onOpen={lockScreen.start}>
                <Lock aria-hidden />
                {t('lock.lock')}
              </DropdownMenuDialogItem>
              <DropdownMenuSeparator />
            </>
          ) : null}
          <DropdownMenuItem onSelect={() => void onLogout()}>
            <LogOut aria-hidden />
            {t('navbar.logout')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {switcher.dialog}
      {lockScreen.dialog}
    </header>
  );
}

/** Memoised: the layout re-renders on every navigation, the top bar has nothing that depends on it. */
export const TopBar = memo(TopBarView);
