export { appConfigExtension as default } from './mail-extensions';
