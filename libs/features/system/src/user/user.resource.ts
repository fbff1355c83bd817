import { deptTree, postSelect, roleTree } from '@smart/api-sdk';
import { userEntity } from '@smart/api-sdk/entities';
import { defineResource, type RemoteOptions } from '@smart/crud';
import { treeOptions } from '../shared/tree-options';

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
 * The user page of docs/spec.md §2 (user.yaml): labels, rules, filters and buttons from the contract's `user`
 * declaration. The list shows the account, names, platform, roles and departments by the names the server sends;
 * the dialog picks roles and departments in trees and posts from a list, and on add takes the password twice (form
 * fields the contract has no view of). The department filter names one department; the server lists its users and
 * those of the departments below it.
 */
export const userResource = defineResource(userEntity, {
  columns: {
    account: { width: 140 },
    // the nickname and phone stay in the column settings: the list keeps room for the roles and departments
    name: { width: 120, listHidden: true },
    realName: { width: 120 },
    userType: { width: 120, defaultValue: 1, render: (row) => row.userTypeName },
    roleId: {
      type: 'tree',
      multiple: true,
      checkStrictly: true,
      remoteOptions: roles,
      placeholder: 'system.user.placeholders.roleId',
      render: (row) => row.roleName,
    },
    deptId: {
      type: 'tree',
      multiple: true,
      checkStrictly: true,
      remoteOptions: depts,
      placeholder: 'system.user.placeholders.deptId',
      search: true,
      render: (row) => row.deptName,
    },
    postId: {
      type: 'multiselect',
      remoteOptions: posts,
      placeholder: 'system.user.placeholders.postId',
      hideInList: true,
      render: (row) => row.postName,
    },
    code: { hideInList: true },
    phone: { width: 130, listHidden: true },
    status: { width: 100 },
    email: {
      hideInList: true,
      placeholder: 'system.user.placeholders.email',
      rules: {
        max: 45,
        pattern: { value: /^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'system.user.rules.email' },
      },
    },
    sex: { hideInList: true },
    // a day is what a birthday is: the picker holds yyyy-MM-dd, the adapter sends the contract's datetime
    birthday: { type: 'date', placeholder: 'system.user.placeholders.birthday', hideInList: true },
    avatar: false,
  },
  extra: [
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
  ],
  order: ['account', 'password', 'password2', 'name', 'realName', 'userType', 'roleId', 'deptId'],
  // the detail's datetime birthday as the date picker holds it
  toForm: (row) => ({ ...row, birthday: row.birthday ? row.birthday.slice(0, 10) : '' }),
  dialog: { width: 880, closeOnOutsideClick: false },
});
