import { userEntity } from '@smart/api-sdk/entities';
import { entityAdapter } from '@smart/crud';

/** `yyyy-MM-dd` of the picker → the contract's DateTime; an existing datetime passes; nothing stays ''. */
export function birthdayOut(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value} 00:00:00` : value;
}

const base = entityAdapter(userEntity);

/**
 * Users through the contract's `user` declaration (user.yaml): `submit` without an id creates (with the password
 * twice), with one updates (the password stays). Only the birthday differs from the dialog's values: the picker
 * holds a day.
 */
export const userAdapter: typeof base = {
  ...base,
  create: (form) => base.create({ ...form, birthday: birthdayOut(form.birthday) }),
  update: (form) => base.update({ ...form, birthday: birthdayOut(form.birthday) }),
};
