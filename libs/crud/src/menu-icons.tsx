import { Menu } from 'lucide-react';
import { createContext, useContext, useMemo } from 'react';
import type { MenuIconComponent } from './feature';
import { MENU_ICONS } from './menu-icon-set';

// Server menus name their icon in `source` (menu.yaml); unknown or empty names get the default icon (docs/spec.md §2).
// The console's own set is ./menu-icon-set.ts, the features add theirs (`defineFeature({ icons })`), and the shell
// provides the union to everything below it: the sidebar, the menu search and the menu page's icon picker (a field of
// type `icon`). apps/console/src/features.test.tsx checks every declared menu's icon resolves, the end-to-end menu
// test every seeded one.
const FeatureIcons = createContext<Readonly<Record<string, MenuIconComponent>>>({});

/** The menu icons the features bring, for every `MenuIcon` and icon picker below. */
export const MenuIconsProvider = FeatureIcons.Provider;

/** Whether a menu icon name renders as itself rather than the default icon. */
export function hasMenuIcon(name: string, features: Readonly<Record<string, MenuIconComponent>>): boolean {
  return Object.hasOwn(MENU_ICONS, name) || Object.hasOwn(features, name);
}

/** Every menu icon the console renders, by name (the console's set, then the features'), sorted by name. */
export function useMenuIcons(): readonly (readonly [name: string, icon: MenuIconComponent])[] {
  const features = useContext(FeatureIcons);
  return useMemo(
    () => Object.entries({ ...features, ...MENU_ICONS }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    [features],
  );
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
