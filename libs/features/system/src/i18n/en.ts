import type { SystemCatalogue } from './zh';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const en: Shape<SystemCatalogue> = {
  system: {
    param: {
      title: 'Parameter',
      paramName: 'Parameter name',
      paramKey: 'Parameter key',
      paramValue: 'Parameter value',
      remark: 'Remark',
      rules: {
        paramName: 'Please enter the parameter name',
        paramKey: 'Please enter the parameter key',
        paramValue: 'Please enter the parameter value',
      },
    },
  },
};

export default en;
