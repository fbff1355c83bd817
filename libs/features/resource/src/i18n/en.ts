import type { ResourceCatalogue } from './zh';

const en: ResourceCatalogue = {
  resource: {
    enable: 'Enable',
    enabled: 'Enabled: {{what}} now use this config',
    what: { oss: 'uploads', sms: 'text messages' },
    sms: {
      test: 'Send a test',
      title: 'Send a test message',
      hint: 'Sends one message with the template of config {{code}}, its variables filled in from the parameters.',
      phones: 'Mobile numbers',
      phonesPlaceholder: 'Enter mobile numbers, separated by commas',
      phonesRequired: 'Enter a mobile number',
      phonesInvalid: 'Each mobile number has 11 digits; separate them by commas',
      params: 'Template variables',
      paramsPlaceholder: 'e.g. {"code":"1234"}',
      paramsInvalid: 'Template variables are a JSON object of texts, numbers or yes/no values',
      send: 'Send',
      cancel: 'Cancel',
      sent: 'Sent',
    },
    oss: {
      debug: 'Test',
      debugTitle: 'Test an object storage',
      debugHint:
        'Upload a file with configuration {{code}}, enabled or not, and see where it is stored; the file is also listed under attachments.',
      debugPick: 'Choose a file and upload',
      debugDone: 'Uploaded',
      debugStored: 'The file is stored at:',
    },
    attach: {
      upload: 'Upload',
      uploaded: 'Uploaded {{name}}',
      preview: 'Preview',
      previewTitle: 'Image preview',
    },
  },
};

export default en;
