// Lets code outside React (the HTTP layer's 401 handling) navigate with the router's history.
import type { NavigateFunction } from 'react-router';

let navigateRef: NavigateFunction | undefined;

export function bindNavigate(navigate: NavigateFunction): void {
  navigateRef = navigate;
}

export function navigateTo(path: string): void {
  if (navigateRef) void navigateRef(path, { replace: true });
  else window.location.assign(path);
}
