import {
  BookOpen,
  BookPlus,
  Bot,
  Folders,
  Globe,
  KeyRound,
  KeySquare,
  Link,
  ListChecks,
  List,
  Mail,
  MoveHorizontal,
  ScrollText,
  Settings2,
  WandSparkles,
  Zap,
  ChartColumn,
  House,
  IdCard,
  Image,
  LayoutDashboard,
  Menu,
  MessageSquare,
  MessageSquareMore,
  MessageSquareText,
  Settings,
  ShieldCheck,
  Users,
  Video,
  Wallet,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import type { MenuIconComponent } from '@smart/crud';
import { createContext, useContext } from 'react';

// Server menus name their icon in `source`; unknown or empty names get the default icon (docs/spec.md §2). The shell's
// own groups and the menus of declared entities served by the generic page are named here, the features' menus by
// the features (apps/console/src/features.ts); features.test.tsx checks every declared menu's icon resolves.
const ICONS: Record<string, LucideIcon> = {
  menu: Menu,
  home: House,
  dashboard: LayoutDashboard,
  settings: Settings,
  users: Users,
  shield: ShieldCheck,
  video: Video,
  message: MessageSquare,
  image: Image,
  bot: Bot,
  chart: ChartColumn,
  wallet: Wallet,
  workflow: Workflow,
  // menus of declared entities (openapi.yaml `x-entity.menu.icon`)
  'book-open': BookOpen,
  'book-plus': BookPlus,
  folders: Folders,
  globe: Globe,
  'id-card': IdCard,
  'key-round': KeyRound,
  'key-square': KeySquare,
  link: Link,
  list: List,
  'list-checks': ListChecks,
  mail: Mail,
  'message-square': MessageSquare,
  'message-square-more': MessageSquareMore,
  'message-square-text': MessageSquareText,
  'move-horizontal': MoveHorizontal,
  'scroll-text': ScrollText,
  'settings-2': Settings2,
  'wand-sparkles': WandSparkles,
  zap: Zap,
};

const FeatureIcons = createContext<Readonly<Record<string, MenuIconComponent>>>({});

/** The menu icons the features bring, for every `MenuIcon` below. */
export const MenuIconsProvider = FeatureIcons.Provider;

/** Whether a menu icon name renders as itself rather than the default icon. */
export function hasMenuIcon(name: string, features: Readonly<Record<string, MenuIconComponent>>): boolean {
  return Object.hasOwn(ICONS, name) || Object.hasOwn(features, name);
}

export function MenuIcon({ name, className }: { name: string; className?: string }) {
  const features = useContext(FeatureIcons);
  const Icon = ICONS[name] ?? features[name] ?? Menu;
  return <Icon className={className ?? 'size-4'} aria-hidden />;
}
