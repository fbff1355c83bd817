import type { MenuIconComponent } from '@smart/crud';
import { Menu } from 'lucide-react';
import { createContext, useContext } from 'react';
import { MENU_ICONS } from './menu-icon-set';

// Server menus name their icon in `source`; unknown or empty names get the default icon (docs/spec.md §2). The
// console's own set is ./menu-icon-set.ts, the features may add theirs (apps/console/src/features.ts);
// features.test.tsx checks every declared menu's icon resolves, the end-to-end menu test every seeded one.
const FeatureIcons = createContext<Readonly<Record<string, MenuIconComponent>>>({});

/** The menu icons the features bring, for every `MenuIcon` below. */
export const MenuIconsProvider = FeatureIcons.Provider;

/** Whether a menu icon name renders as itself rather than the default icon. */
export function hasMenuIcon(name: string, features: Readonly<Record<string, MenuIconComponent>>): boolean {
  return Object.hasOwn(MENU_ICONS, name) || Object.hasOwn(features, name);
}

export function MenuIcon({ name, className }: { name: string; className?: string }) {
  const features = useContext(FeatureIcons);
  // own keys only: a menu named `constructor` gets the default icon, not Object's
  const Icon =
    (Object.hasOwn(MENU_ICONS, name) ? MENU_ICONS[name] : undefined) ??
    (Object.hasOwn(features, name) ? features[name] : undefined) ??
    Menu;
  return <Icon className={className ?? 'size-4'} aria-hidden />;
}
