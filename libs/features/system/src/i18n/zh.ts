const zh = {
  system: {
    param: {
      title: '参数',
      paramName: '参数名称',
      paramKey: '参数键名',
      paramValue: '参数键值',
      remark: '备注',
      rules: {
        paramName: '请输入参数名称',
        paramKey: '请输入参数键名',
        paramValue: '请输入参数键值',
      },
    },
  },
};

export default zh;
export type SystemCatalogue = typeof zh;
