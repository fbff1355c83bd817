export { emailLogExtension as default } from './mail-extensions';
