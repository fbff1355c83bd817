// The shell's providers with this feature's catalogue, and an MSW server per test file (@smart/crud/testing).
import { createShellRenderer, setupMswServer } from '@smart/crud/testing/jsdom';
import { feature } from './index';

export const renderWithShell = createShellRenderer(feature.catalogue);
export { setupMswServer };
