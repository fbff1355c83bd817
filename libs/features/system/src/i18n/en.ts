import type { SystemCatalogue } from './zh';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const en: Shape<SystemCatalogue> = {
  system: {
    dict: {
      itemTitle: 'Dictionary items',
      horizontalTitle: 'Dictionaries (side by side)',
      verticalTitle: 'Dictionaries (stacked)',
      sealedNo: 'No',
      sealedYes: 'Yes',
      config: 'Items',
      pickHint: 'Choose “Items” on a dictionary to maintain its items',
    },
    user: {
      title: 'User',
      account: 'Account',
      password: 'Password',
      password2: 'Confirm password',
      name: 'Nickname',
      realName: 'Real name',
      userType: 'Platform',
      roleId: 'Roles',
      deptId: 'Departments',
      postId: 'Posts',
      code: 'Employee number',
      phone: 'Phone',
      email: 'E-mail',
      sex: 'Sex',
      birthday: 'Birthday',
      resetPassword: 'Reset password',
      resetConfirm: 'Reset the password of the {{count}} selected accounts to the initial password?',
      resetDone: 'Password reset',
      grant: 'Roles',
      grantHint: 'The {{count}} selected accounts get exactly the checked roles',
      grantDone: 'Roles assigned',
      unlock: 'Unlock',
      unlockConfirm: 'Unlock the {{count}} selected accounts?',
      unlockDone: 'Accounts unlocked',
      rules: {
        account: 'Please enter the account',
        password: 'Please enter the password',
        password2: 'Please confirm the password',
        password2Match: 'The two passwords differ',
        name: 'Please enter the nickname',
        realName: 'Please enter the real name',
        userType: 'Please select the platform',
        roleId: 'Please select the roles',
        deptId: 'Please select the departments',
        email: 'Please enter a valid e-mail address',
      },
      placeholders: {
        account: 'Enter account',
        password: 'Enter password',
        password2: 'Enter the password again',
        name: 'Enter nickname',
        realName: 'Enter real name',
        userType: 'Select platform',
        roleId: 'Select roles',
        deptId: 'Select departments',
        postId: 'Select posts',
        code: 'Enter employee number',
        phone: 'Enter phone',
        email: 'e.g. name@example.com',
        sex: 'Select sex',
        birthday: 'Select a date',
      },
    },
    region: {
      title: 'Region',
      name: 'Name',
      code: 'Code',
      parentCode: 'Parent',
      regionLevel: 'Level',
      sort: 'Sort',
      remark: 'Remark',
      rules: {
        name: 'Please enter the name',
        code: 'Please enter the code',
        codeDigits: 'The code is digits only',
        parentCode: 'Please select the parent',
        regionLevel: 'Please select the level',
      },
      placeholders: {
        name: 'Enter name',
        code: 'e.g. 110101',
        parentCode: 'Select parent',
        regionLevel: 'Select level',
        sort: 'Enter sort',
        remark: 'Enter remark',
      },
    },
    tenantPackage: {
      placeholders: {
        // the menus are picked from a tree on this page, where the contract's field is typed
        menuId: 'Select menus',
      },
    },
    client: {
      placeholders: {
        authorizedGrantTypes: 'Select grant types',
      },
    },
  },
};

export default en;
