import { createElement } from 'react';
import { loadEntityCatalogue } from '../i18n';

/**
 * The chunks of the layout and the home page, started while the login call runs (never on the bare login page:
 * its download budget stays as it is), so that the welcome page does not wait for them after the token. The layout
 * comes with the features it shows (apps/console/src/features.ts): the shell receives them, it never imports one;
 * and with the entity labels its pages show (i18n loadEntityCatalogue).
 */
export const loadMainLayout = () =>
  Promise.all([import('./MainLayout'), import('../features'), loadEntityCatalogue()]).then(
    ([layout, registry]) => ({
      default: function LayoutWithFeatures() {
        return createElement(layout.default, { features: registry.features });
      },
    }),
  );
export const loadWelcomePage = () => import('../pages/wel/WelcomePage');

export function preloadShell(): void {
  void loadMainLayout();
  void loadWelcomePage();
}
