import {
  userDetail,
  userPage,
  userRemove,
  userSubmit,
  userUpdate,
  type User,
  type UserSubmit,
} from '@smart/api-sdk';
import type { CrudAdapter } from '@smart/crud';

/**
 * The dialog's values: the account, profile and the comma-joined role, department and post ids of the contract
 * (user.yaml UserSubmit), the two passwords of a new user, and the birthday as the date picker holds it.
 */
export type UserForm = Partial<Omit<UserSubmit, 'birthday'>> & { id?: string; birthday?: string };

/** `yyyy-MM-dd` of the picker → the contract's DateTime; an existing datetime passes; nothing stays ''. */
export function birthdayOut(value: string | undefined): string {
  if (!value) return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value} 00:00:00` : value;
}

// Only the fields the contract takes: a detail carries names, figures and audit columns it refuses.
const body = (form: UserForm): UserSubmit => ({
  account: form.account ?? '',
  name: form.name ?? '',
  realName: form.realName ?? '',
  userType: form.userType ?? 1,
  roleId: form.roleId ?? '',
  deptId: form.deptId ?? '',
  postId: form.postId ?? '',
  code: form.code ?? '',
  email: form.email ?? '',
  phone: form.phone ?? '',
  ...(form.sex === undefined ? {} : { sex: form.sex }),
  birthday: birthdayOut(form.birthday),
});

/**
 * Users through the SDK (user.yaml): `submit` without an id creates (with the password), `update` edits (the
 * password stays); the page filters by account, real name, platform and department (its sub-departments too).
 */
export const userAdapter: CrudAdapter<User, UserForm> = {
  async list({ current, size, ...filters }) {
    const page = await userPage({ current, size, ...filters });
    return { records: page.records, total: page.total };
  },
  detail: (id) => userDetail({ id }),
  create: (form) =>
    userSubmit({ ...body(form), password: form.password ?? '', password2: form.password2 ?? '' }),
  update: (form) => userUpdate({ ...body(form), id: form.id }),
  remove: (ids) => userRemove({ ids: ids.join(',') }),
};
