const zh = {
  system: {
    dict: {
      title: '系统字典',
      bizTitle: '业务字典',
      itemTitle: '字典项',
      horizontalTitle: '字典管理(横向)',
      verticalTitle: '字典管理(纵向)',
      code: '字典编号',
      dictValue: '字典名称',
      dictKey: '字典键值',
      sort: '字典排序',
      isSealed: '字典封存',
      remark: '字典备注',
      parentId: '上级字典',
      sealedNo: '否',
      sealedYes: '是',
      config: '字典配置',
      pickHint: '请在字典列表中点击“字典配置”,以维护它的字典项',
      rules: {
        code: '请输入字典编号',
        dictValue: '请输入字典名称',
        dictKey: '请输入字典键值',
        sort: '请输入字典排序',
        isSealed: '请选择字典封存',
        parentId: '请选择上级字典',
      },
    },
    tenantPackage: {
      title: '租户产品包',
      packageName: '产品包名称',
      menuId: '菜单列表',
      remark: '备注',
      rules: {
        packageName: '请输入产品包名称',
        menuId: '请选择菜单',
      },
    },
  },
};

export default zh;
export type SystemCatalogue = typeof zh;
