/**
 * The user module (docs/platform-contract.md §3.1, §4.9): tenant-owned accounts. Management operations need a tenant
 * administrator; profile, password and authorisation-code changes are the caller's own.
 *
 * The parts: ./user-manage.ts (page, detail, submit, update, remove), ./user-grant.ts (roles, approval),
 * ./user-password.ts (reset, change, unlock), ./user-status.ts (disable, enable), ./user-self.ts (own profile and authorisation code),
 * ./user-platform.ts (platform extension), ./user-register.ts (sign-ups), ./user-excel-handlers.ts (Excel template,
 * export and import); what they share is in ./user-context.ts, ./user-checks.ts, ./user-form.ts, ./user-query.ts and
 * ./user-vo.ts.
 */
import { type Db } from '../../../db/index';
import { userContext } from './user-context';
import { userExcelHandlers } from './user-excel-handlers';
import { userGrantHandlers } from './user-grant';
import { userManageHandlers } from './user-manage';
import { userPasswordHandlers } from './user-password';
import { userPlatformHandlers } from './user-platform';
import { userRegisterHandlers } from './user-register';
import { userSelfHandlers } from './user-self';
import { userStatusHandlers } from './user-status';

export function userHandlers(db: Db) {
  const ctx = userContext(db);
  return {
    ...userManageHandlers(ctx),
    ...userPlatformHandlers(ctx),
    ...userSelfHandlers(ctx),
    ...userGrantHandlers(ctx),
    ...userPasswordHandlers(ctx),
    ...userStatusHandlers(ctx),
    ...userRegisterHandlers(ctx),
    ...userExcelHandlers(ctx),
  };
}
