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
      placeholders: {
        // picked in a tree on the items' dialog, where the contract's field is typed
        parentId: 'Select parent dictionary',
      },
    },
    user: {
      password: 'Password',
      password2: 'Confirm password',
      resetPassword: 'Reset password',
      resetConfirm: 'Reset the password of the {{count}} selected accounts to the initial password?',
      resetDone: 'Password reset',
      grant: 'Roles',
      grantHint: 'The {{count}} selected accounts get exactly the checked roles',
      grantDone: 'Roles assigned',
      unlock: 'Unlock',
      unlockConfirm: 'Unlock the {{count}} selected accounts?',
      unlockDone: 'Accounts unlocked',
      enable: 'Enable',
      enableDone: 'Accounts enabled',
      disable: 'Disable',
      disableConfirm:
        'Disable the {{count}} selected accounts? They are signed out at once and cannot sign in until enabled again.',
      disableDone: 'Accounts disabled',
      platform: 'Platform',
      platformHint:
        "The extension (JSON) of account {{account}} on the chosen platform, read by that platform's client",
      platformExtHelp: 'A JSON object, e.g. {"theme": "dark"}; saved as {} when empty',
      platformJson: 'The platform extension must be JSON',
      platformDone: 'Platform settings saved',
      platformLoadFailed: 'The platform settings could not be loaded; close and try again',
      importTitle: 'Import users',
      importHint:
        'Fill in the import template, at most 1000 rows a file; name roles, departments and posts, several separated by commas. New accounts get the initial password.',
      exportFile: 'users.xlsx',
      templateFile: 'user-import-template.xlsx',
      rules: {
        password: 'Please enter the password',
        password2: 'Please confirm the password',
        password2Match: 'The two passwords differ',
        email: 'Please enter a valid e-mail address',
      },
      placeholders: {
        birthday: 'Select a date',
        password: 'Enter password',
        password2: 'Enter the password again',
        roleId: 'Select roles',
        deptId: 'Select departments',
        postId: 'Select posts',
        email: 'e.g. name@example.com',
      },
    },
    excel: {
      import: 'Import',
      importFile: 'File to import (.xlsx)',
      importCover: 'Overwrite existing rows',
      importCoverHint: 'On: rows that already exist are updated; off: those rows are not imported',
      importTemplate: 'Download template',
      importStart: 'Import',
      importSummary: '{{total}} rows: {{created}} added, {{updated}} updated, {{failed}} failed',
      importFailedTitle: 'Rows not imported',
      importRow: 'Row',
      importReason: 'Reason',
      export: 'Export',
    },
    menu: {
      scopeAction: 'Scopes',
      scopes: 'Scopes of {{name}}',
      scopesHint: 'The data scope and API scope rules of this menu; a rule added here belongs to it.',
    },
    role: {
      grant: 'Permissions',
      grantHint: 'The role gets exactly the checked permissions',
      grantManyHint:
        'The {{count}} selected roles all get exactly the checked permissions (their current ones are not shown)',
      grantDone: 'Permissions saved',
      menus: 'Menus',
      dataScopes: 'Data scopes',
      apiScopes: 'API scopes',
      nothingToGrant: 'Nothing to grant',
      loadFailed: 'The permissions could not be loaded; close and try again',
    },
    region: {
      codeDigits: 'The code is digits only',
      importTitle: 'Import regions',
      importHint:
        'Fill in the import template, at most 5000 rows a file; a parent must exist already or come before its children, and the level is written by its name in the template (国家, 省份/直辖市, 地市, …).',
      templateFile: 'region-import-template.xlsx',
      exportFile: 'regions.xlsx',
    },
    tenantPackage: {
      placeholders: {
        // the menus are picked from a tree on this page, where the contract's field is typed
        menuId: 'Select menus',
      },
    },
    tenant: {
      licence: 'Licence',
      licenceHint: 'The {{count}} selected tenants get this account quota and expiry',
      licenceDone: 'Licence saved',
      accountNumberHelp: '-1 for any number of accounts',
      expireTimeHelp: 'Leave empty for a licence that never expires',
      package: 'Package',
      packageHint: 'Users of tenant “{{name}}” ({{code}}) may use only the menus of the chosen package',
      packageDone: 'Package saved',
      noPackage: 'No package (every menu)',
      noPackages: 'No package yet; add one under Tenant packages first',
      datasource: 'Datasource',
      datasourceTitle: 'Datasource',
      datasourceHint: 'The datasource of tenant “{{name}}” ({{code}})',
      datasourceDone: 'Datasource saved',
      noDatasources: 'No datasource yet; add one under Data sources first',
      loading: 'Loading',
      loadFailed: 'Loading failed',
      retry: 'Retry',
      placeholders: {
        accountNumber: 'Enter the account quota',
        expireTime: 'Select the expiry',
        packageId: 'Select a package',
        datasourceId: 'Select a datasource',
      },
      rules: {
        accountNumber: 'The account quota is a whole number from -1',
        expireTime: 'The expiry is written yyyy-MM-dd HH:mm:ss',
      },
    },
    client: {
      ownClient: 'This console signs in through this client; its secret cannot be replaced here',
      saved: 'I have saved it',
      resetSecret: 'New secret',
      resetConfirm:
        'A new client secret will be generated: within 10 seconds it takes over and the old one stops working, so systems using it must switch to the new one. Continue?',
      secretTitle: 'New client secret',
      secretHint: 'Copy it now and keep it safe: it is not shown again, the server keeps it sealed.',
      copy: 'Copy',
      copied: 'Copied to the clipboard',
      copyFailed: 'Copying failed; select the text and copy it yourself',
      placeholders: {
        authorizedGrantTypes: 'Select grant types',
      },
    },
  },
};

export default en;
