import type { DyCatalogue } from './zh';

const en: DyCatalogue = {
  dy: {
    enabled: 'Enabled',
    disabled: 'Disabled',
  },
};

export default en;
