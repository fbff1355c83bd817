import { oauthUserInfo } from '@smart/api-sdk';
import { useQuery } from '@tanstack/react-query';

/**
 * The cache entry of `oauth/user-info` (expiry, power, balance). The console's top bar and welcome page read the same
 * key (apps/console/src/shell/TopBar.tsx, apps/console/src/pages/wel/figures.tsx), so invalidating it after a payment
 * refreshes them too: one request for all.
 */
export const USER_FIGURES_KEY = ['oauth-user-info'] as const;

export function useUserFigures() {
  return useQuery({
    queryKey: USER_FIGURES_KEY,
    queryFn: ({ signal }) => oauthUserInfo(undefined, signal),
    staleTime: 60_000,
  });
}
