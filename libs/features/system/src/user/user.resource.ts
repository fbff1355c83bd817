import { deptTree, postSelect, roleTree, type User } from '@smart/api-sdk';
import { defineResource, type RemoteOptions } from '@smart/crud';
import { treeOptions } from '../shared/tree-options';
import type { UserForm } from './user.adapter';

// The choices of the dialog, read when it first needs them; a write on the roles', departments' or posts' own
// page drops them (their keys start with that entity).
const roles: RemoteOptions = {
  key: ['role', 'tree'],
  load: (signal) => roleTree(undefined, undefined, signal).then(treeOptions),
};
const depts: RemoteOptions = {
  key: ['dept', 'tree'],
  load: (signal) => deptTree(undefined, undefined, signal).then(treeOptions),
};
const posts: RemoteOptions = {
  key: ['post', 'select'],
  load: (signal) =>
    postSelect(undefined, undefined, signal).then((rows) =>
      rows.map((p) => ({ label: p.postName ?? '', value: p.id })),
    ),
};

const onlyOnAdd = { edit: true, view: true } as const;

/**
 * The user page of docs/spec.md §2 (user.yaml): the list shows the account, names, platform, roles and departments
 * by the names the server sends; the dialog edits the account, the roles, departments and posts (trees and a list
 * from their own pages), the profile, and on add the password twice. Filters: account, real name, platform and
 * department.
 */
export const userResource = defineResource<User, UserForm>({
  name: 'user',
  title: 'system.user.title',
  columns: [
    {
      prop: 'account',
      label: 'system.user.account',
      placeholder: 'system.user.placeholders.account',
      search: true,
      width: 140,
      rules: { required: 'system.user.rules.account', max: 45 },
    },
    {
      prop: 'password',
      label: 'system.user.password',
      placeholder: 'system.user.placeholders.password',
      type: 'password',
      hideInList: true,
      exportable: false,
      hideInForm: onlyOnAdd,
      rules: { required: 'system.user.rules.password', max: 45 },
    },
    {
      prop: 'password2',
      label: 'system.user.password2',
      placeholder: 'system.user.placeholders.password2',
      type: 'password',
      hideInList: true,
      exportable: false,
      hideInForm: onlyOnAdd,
      rules: {
        required: 'system.user.rules.password2',
        validate: (value, values) =>
          value === values['password'] ? undefined : 'system.user.rules.password2Match',
      },
    },
    {
      prop: 'name',
      label: 'system.user.name',
      placeholder: 'system.user.placeholders.name',
      width: 120,
      rules: { required: 'system.user.rules.name', max: 20 },
    },
    {
      prop: 'realName',
      label: 'system.user.realName',
      placeholder: 'system.user.placeholders.realName',
      search: true,
      width: 120,
      rules: { required: 'system.user.rules.realName', max: 10 },
    },
    {
      prop: 'userType',
      label: 'system.user.userType',
      placeholder: 'system.user.placeholders.userType',
      type: 'select',
      dict: 'user_type',
      numericDict: true,
      search: true,
      width: 100,
      defaultValue: 1,
      render: (row) => row.userTypeName,
      rules: { required: 'system.user.rules.userType' },
    },
    {
      prop: 'roleId',
      label: 'system.user.roleId',
      placeholder: 'system.user.placeholders.roleId',
      type: 'tree',
      multiple: true,
      checkStrictly: true,
      remoteOptions: roles,
      render: (row) => row.roleName,
      rules: { required: 'system.user.rules.roleId' },
    },
    {
      prop: 'deptId',
      label: 'system.user.deptId',
      placeholder: 'system.user.placeholders.deptId',
      type: 'tree',
      multiple: true,
      checkStrictly: true,
      remoteOptions: depts,
      // the filter names one department; the server lists its users and those of the departments below it
      search: true,
      render: (row) => row.deptName,
      rules: { required: 'system.user.rules.deptId' },
    },
    {
      prop: 'postId',
      label: 'system.user.postId',
      placeholder: 'system.user.placeholders.postId',
      type: 'multiselect',
      remoteOptions: posts,
      hideInList: true,
      render: (row) => row.postName,
    },
    {
      prop: 'code',
      label: 'system.user.code',
      placeholder: 'system.user.placeholders.code',
      hideInList: true,
      rules: { max: 12 },
    },
    {
      prop: 'phone',
      label: 'system.user.phone',
      placeholder: 'system.user.placeholders.phone',
      width: 130,
      rules: { max: 45 },
    },
    {
      prop: 'email',
      label: 'system.user.email',
      placeholder: 'system.user.placeholders.email',
      hideInList: true,
      rules: {
        max: 45,
        pattern: { value: /^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'system.user.rules.email' },
      },
    },
    {
      prop: 'sex',
      label: 'system.user.sex',
      placeholder: 'system.user.placeholders.sex',
      type: 'select',
      dict: 'sex',
      numericDict: true,
      hideInList: true,
    },
    {
      prop: 'birthday',
      label: 'system.user.birthday',
      placeholder: 'system.user.placeholders.birthday',
      type: 'date',
      hideInList: true,
    },
  ],
  // the detail's datetime birthday as the date picker holds it (the adapter sends only the contract's fields)
  toForm: (row) => ({ ...row, birthday: row.birthday ? row.birthday.slice(0, 10) : '' }),
  dialog: { width: 880, closeOnOutsideClick: false },
});
