/** The Yingdao open-API client (docs/automation-domain.md §3.1); see src/engine/README.md. */
export { YingdaoClient, type YingdaoClientOptions } from './client';
export { memoryTokenStore, type CachedToken, type TokenStore } from './token-store';
export {
  yingdaoAuthTokenStore,
  yingdaoClientForAuth,
  type YingdaoAuthKey,
  type YingdaoAuthRow,
} from './auth-store';
export * from './types';
