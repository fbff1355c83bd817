const zh = {
  system: {
    dict: {
      itemTitle: '字典项',
      horizontalTitle: '字典管理(横向)',
      verticalTitle: '字典管理(纵向)',
      sealedNo: '否',
      sealedYes: '是',
      config: '字典配置',
      pickHint: '请在字典列表中点击“字典配置”,以维护它的字典项',
      placeholders: {
        // picked in a tree on the items' dialog, where the contract's field is typed
        parentId: '请选择上级字典',
      },
    },
    user: {
      password: '密码',
      password2: '确认密码',
      resetPassword: '密码重置',
      resetConfirm: '确定将选择的 {{count}} 个账号的密码重置为初始密码?',
      resetDone: '密码重置成功',
      grant: '角色配置',
      grantHint: '选择的 {{count}} 个账号的角色将改为勾选的角色',
      grantDone: '角色配置成功',
      unlock: '账号解封',
      unlockConfirm: '确定解封选择的 {{count}} 个账号?',
      unlockDone: '账号解封成功',
      rules: {
        password: '请输入密码',
        password2: '请输入确认密码',
        password2Match: '两次输入密码不一致!',
        email: '请输入正确的电子邮箱',
      },
      placeholders: {
        birthday: '请选择用户生日',
        password: '请输入密码',
        password2: '请再次输入密码',
        roleId: '请选择所属角色',
        deptId: '请选择所属部门',
        postId: '请选择所属岗位',
        email: '如 name@example.com',
      },
    },
    role: {
      grant: '权限设置',
      grantHint: '该角色的权限将改为勾选的权限',
      grantManyHint: '选择的 {{count}} 个角色的权限将一并改为勾选的权限(不显示它们现有的权限)',
      grantDone: '权限设置成功',
      menus: '菜单权限',
      dataScopes: '数据权限',
      apiScopes: '接口权限',
      nothingToGrant: '暂无可分配的权限',
      loadFailed: '权限加载失败,请关闭后重试',
    },
    region: {
      codeDigits: '区划编号只能是数字',
    },
    tenantPackage: {
      placeholders: {
        // the menus are picked from a tree on this page, where the contract's field is typed
        menuId: '请选择菜单列表',
      },
    },
    tenant: {
      licence: '授权配置',
      licenceHint: '选择的 {{count}} 个租户将使用以下账号额度与过期时间',
      licenceDone: '授权配置成功',
      accountNumberHelp: '-1 表示不限账号数量',
      expireTimeHelp: '留空表示永不过期',
      package: '产品包配置',
      packageHint: '租户“{{name}}”({{code}})的用户只能使用所选产品包中的菜单',
      packageDone: '产品包配置成功',
      noPackage: '不使用产品包(不限菜单)',
      noPackages: '暂无产品包,请先在租户产品包中新增',
      datasource: '数据源',
      datasourceTitle: '数据源配置',
      datasourceHint: '为租户“{{name}}”({{code}})绑定数据源',
      datasourceDone: '数据源配置成功',
      noDatasources: '暂无数据源,请先在数据源管理中新增',
      loading: '加载中',
      loadFailed: '加载失败',
      retry: '重试',
      placeholders: {
        accountNumber: '请输入账号额度',
        expireTime: '请选择过期时间',
        packageId: '请选择产品包',
        datasourceId: '请选择数据源',
      },
      rules: {
        accountNumber: '账号额度须为不小于 -1 的整数',
        expireTime: '过期时间格式须为 yyyy-MM-dd HH:mm:ss',
      },
    },
    client: {
      ownClient: '本控制台使用这个应用登录,不能在这里重置它的密钥',
      saved: '我已保存',
      resetSecret: '重置密钥',
      resetConfirm:
        '将为该应用生成新的客户端密钥:10 秒内新密钥生效、旧密钥失效,使用它的系统需改用新密钥。确定继续?',
      secretTitle: '新的客户端密钥',
      secretHint: '请立即复制并妥善保存:关闭后不再显示,服务端只保存密文。',
      copy: '复制',
      copied: '已复制到剪贴板',
      copyFailed: '复制失败,请手动选中复制',
      placeholders: {
        // the grants are picked from a list on this page, where the contract's field is typed
        authorizedGrantTypes: '请选择授权类型',
      },
    },
  },
};

export default zh;
export type SystemCatalogue = typeof zh;
