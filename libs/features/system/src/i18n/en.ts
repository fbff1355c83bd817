import type { SystemCatalogue } from './zh';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const en: Shape<SystemCatalogue> = {
  system: {
    dict: {
      title: 'System dictionary',
      bizTitle: 'Business dictionary',
      itemTitle: 'Dictionary items',
      horizontalTitle: 'Dictionaries (side by side)',
      verticalTitle: 'Dictionaries (stacked)',
      code: 'Dictionary code',
      dictValue: 'Dictionary name',
      dictKey: 'Dictionary key value',
      sort: 'Dictionary sort',
      isSealed: 'Sealed',
      remark: 'Dictionary remark',
      parentId: 'Parent dictionary',
      sealedNo: 'No',
      sealedYes: 'Yes',
      config: 'Items',
      pickHint: 'Choose “Items” on a dictionary to maintain its items',
      rules: {
        code: 'Please enter dictionary code',
        dictValue: 'Please enter dictionary name',
        dictKey: 'Please enter dictionary key value',
        sort: 'Please enter dictionary sort',
        isSealed: 'Please select sealed',
        parentId: 'Please select parent dictionary',
      },
    },
    tenantPackage: {
      title: 'Tenant package',
      packageName: 'Package name',
      menuId: 'Menus',
      remark: 'Remark',
      rules: {
        packageName: 'Please enter package name',
        menuId: 'Please select menus',
      },
    },
  },
};

export default en;
