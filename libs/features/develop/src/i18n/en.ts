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
    copy: 'Copy',
    copied: 'Copied',
    generate: 'Generate code',
    generated: 'Code generated: {{configs}} configs, {{files}} files',
    selectFirst: 'Select the configs to generate first',
    loading: 'Loading…',
    code: {
      placeholders: {
        datasourceId: 'Select datasource',
      },
    },
  },
};

export default en;
