/**
 * Menus (docs/platform-contract.md §3.3, §4.1): platform-wide rows, written only by the administrator of tenant 000000.
 * Routes and buttons follow the caller's role grants ∩ tenant package (src/auth/permissions.ts); grant trees and
 * tree keys serve the role and top-menu grant dialogs.
 *
 * The parts: ./menu-routes.ts (routes, buttons, top menus), ./menu-list.ts (lists, tree, detail),
 * ./menu-grant.ts (grant trees and keys), ./menu-write.ts (submit, remove); what they share is in ./menu-rows.ts
 * and ./menu-vo.ts.
 */
import type { Db } from '../../../db/index';
import type { topMenu } from '../../../db/schema';
import { menuGrantHandlers } from './menu-grant';
import { menuListHandlers } from './menu-list';
import { menuRouteHandlers } from './menu-routes';
import { menuWriteHandlers } from './menu-write';

/** `topMenuView`: the view of a top menu (src/modules/system/topmenu), which `menuTopMenu` answers. */
export function menuHandlers(db: Db, topMenuView: (row: typeof topMenu.$inferSelect) => object) {
  return {
    ...menuRouteHandlers(db, topMenuView),
    ...menuListHandlers(db),
    ...menuGrantHandlers(db),
    ...menuWriteHandlers(db),
  };
}
