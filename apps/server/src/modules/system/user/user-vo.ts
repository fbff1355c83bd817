/** The view of a user (contract `User`) built from its row; the labels read from other tables are added later. */
import type { user } from '../../../db/schema';
import { auditVO, formatDateTime } from '../../../util';

export type UserRow = typeof user.$inferSelect;

/** Labels of the dictionaries `user_type` and `sex`. */
const USER_TYPE: Record<number, string> = { 1: 'WEB', 2: 'APP', 3: 'OTHER' };
const SEX: Record<number, string> = { 1: '男', 2: '女' };

export interface UserVO {
  id: string;
  tenantId: string;
  tenantName: string;
  userTypeName: string;
  roleName: string;
  deptName: string;
  postName: string;
  sexName: string;
  userExt: string;
  authCode: string;
  power: number;
  balance: number;
  expireTime: string;
  code: string;
  userType: number;
  account: string;
  roleId: string;
  deptId: string;
  postId: string;
  name: string;
  realName: string;
  avatar: string;
  email: string;
  phone: string;
  sex: number;
  birthday: string;
  createUser: string;
  createDept: string;
  createTime: string;
  updateUser: string;
  updateTime: string;
  status: number;
  isDeleted: number;
}

/** The row as UserVO without the labels that need other tables (never the password). */
export function toUserVO(u: UserRow): UserVO {
  return {
    id: u.id.toString(),
    tenantId: u.tenantId,
    tenantName: '',
    userTypeName: USER_TYPE[u.userType] ?? '',
    roleName: '',
    deptName: '',
    postName: '',
    sexName: SEX[u.sex] ?? '',
    userExt: '',
    authCode: u.authCode,
    power: u.power,
    balance: Number(u.balance),
    expireTime: formatDateTime(u.expireTime),
    code: u.code,
    userType: u.userType,
    account: u.account,
    roleId: u.roleId,
    deptId: u.deptId,
    postId: u.postId,
    name: u.name,
    realName: u.realName,
    avatar: u.avatar,
    email: u.email,
    phone: u.phone,
    sex: u.sex,
    birthday: formatDateTime(u.birthday),
    ...auditVO(u),
  };
}
