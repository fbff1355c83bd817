import {
  Bot,
  ChartColumn,
  House,
  Image,
  LayoutDashboard,
  Menu,
  MessageSquare,
  Settings,
  ShieldCheck,
  SlidersHorizontal,
  Users,
  Video,
  Wallet,
  Workflow,
  type LucideIcon,
} from 'lucide-react';

// Server menus name their icon in `source`; unknown or empty names get the default icon (docs/spec.md §2).
const ICONS: Record<string, LucideIcon> = {
  menu: Menu,
  home: House,
  dashboard: LayoutDashboard,
  settings: Settings,
  'sliders-horizontal': SlidersHorizontal,
  users: Users,
  shield: ShieldCheck,
  video: Video,
  message: MessageSquare,
  image: Image,
  bot: Bot,
  chart: ChartColumn,
  wallet: Wallet,
  workflow: Workflow,
};

export function MenuIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? Menu;
  return <Icon className={className ?? 'size-4'} aria-hidden />;
}
