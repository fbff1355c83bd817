/**
 * The chunks of the layout and the home page, started while the login call runs (never on the bare login page:
 * its download budget stays as it is), so that the welcome page does not wait for them after the token.
 */
export const loadMainLayout = () => import('./MainLayout');
export const loadWelcomePage = () => import('../pages/wel/WelcomePage');

export function preloadShell(): void {
  void loadMainLayout();
  void loadWelcomePage();
}
