import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellNavigate } from './navigate';
import { menuTarget, type MenuItem } from './menu';

/** The label of a menu item in the current language (`menu.<code>` when the catalogue has it). */
export function useMenuLabel(): (item: MenuItem) => string {
  const { t } = useTranslation();
  return useCallback((item: MenuItem) => t(`menu.${item.code}`, { defaultValue: item.name }), [t]);
}

/**
 * Opens a menu leaf the way docs/spec.md §2 says: isOpen=2 with an http(s) path in a new window, another external link in
 * the embedded page, anything else as a route.
 */
export function useMenuNavigate(): (item: MenuItem) => void {
  const navigate = useShellNavigate();
  return useCallback(
    (item: MenuItem) => {
      // The raw name travels (the tab translates `menu.<code>`), so the address is the same in every language.
      const target = menuTarget(item);
      if (target.kind === 'window') window.open(target.url, '_blank', 'noopener,noreferrer');
      else void navigate(target.to);
    },
    [navigate],
  );
}
