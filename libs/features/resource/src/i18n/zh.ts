const zh = {
  resource: {
    enable: '启用',
    enabled: '已启用,此后的{{what}}都用这一配置',
    what: { oss: '上传', sms: '短信' },
    sms: {
      test: '测试发送',
      title: '测试发送短信',
      hint: '用配置 {{code}} 的模板发送一条短信,各参数填入模板。',
      phones: '手机号',
      phonesPlaceholder: '请输入手机号,多个用逗号分隔',
      phonesRequired: '请输入手机号',
      phonesInvalid: '手机号须为 11 位数字,多个用逗号分隔',
      params: '模板参数',
      paramsPlaceholder: '如 {"code":"1234"}',
      paramsInvalid: '模板参数须为 JSON 对象,值为文字、数字或是否',
      send: '发送',
      cancel: '取消',
      sent: '已发送',
    },
    oss: {
      debug: '调试',
      debugTitle: '对象存储上传调试',
      debugHint: '用配置 {{code}} 上传一个文件(无论是否启用),查看它存到了哪里;文件同时记入附件管理。',
      debugPick: '选择文件并上传',
      debugDone: '上传成功',
      debugStored: '文件已存到:',
    },
    attach: {
      upload: '上传',
      uploaded: '已上传 {{name}}',
      preview: '预览',
      previewTitle: '图片预览',
    },
  },
};

export default zh;
export type ResourceCatalogue = typeof zh;
