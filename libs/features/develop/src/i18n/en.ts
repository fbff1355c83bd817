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
  },
};

export default en;
