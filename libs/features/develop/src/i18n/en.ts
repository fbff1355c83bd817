import type { DevelopCatalogue } from './zh';

const en: DevelopCatalogue = {
  develop: {
    test: 'Test connection',
    testOk: 'Connected',
    testFailed: 'Connection failed',
    preview: 'Preview',
    previewTitle: 'Generated code',
    previewEmpty: 'No files were generated',
    download: 'Download',
    loading: 'Loading…',
    code: {
      placeholders: {
        datasourceId: 'Select datasource',
      },
    },
  },
};

export default en;
