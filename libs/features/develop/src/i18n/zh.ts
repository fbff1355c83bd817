const zh = {
  develop: {
    test: '测试连接',
    testOk: '连接成功',
    testFailed: '连接失败',
    preview: '预览',
    previewTitle: '代码预览',
    previewEmpty: '没有生成的文件',
    download: '下载',
    copy: '复制',
    copied: '复制成功',
    generate: '代码生成',
    generated: '代码生成成功:{{configs}} 个配置,{{files}} 个文件',
    selectFirst: '请先选择要生成的配置',
    loading: '加载中…',
    code: {
      placeholders: {
        // picked among the datasources on this page, where the contract's field is typed
        datasourceId: '请选择数据源',
      },
    },
  },
};

export default zh;
export type DevelopCatalogue = typeof zh;
