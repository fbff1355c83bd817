import type { Catalogue } from './zh';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

// Console catalogue, English. Typed against the Chinese one so a missing key fails the typecheck.
const en: Shape<Catalogue> = {
  title: 'Smart Console',
  http: {
    unknownError: 'Unknown error',
    networkError: 'Network error, please check the connection',
    timeout: 'The request timed out, please try again',
  },
  common: {
    confirm: 'OK',
    cancel: 'Cancel',
    tip: 'Notice',
    loading: 'Loading…',
    backHome: 'Back to home',
  },
  route: {
    login: 'Login',
    home: 'Home',
    dashboard: 'Dashboard',
    lock: 'Locked',
    403: '403',
    404: '404',
    500: '500',
  },
  login: {
    heading: 'Sign in',
    subtitle: 'Multi-tenant social-media automation platform',
    tenantId: 'Tenant ID',
    username: 'Account',
    password: 'Password',
    captcha: 'Captcha',
    submit: 'Sign in',
    submitting: 'Signing in, please wait',
    tenantRequired: 'Please enter the tenant ID',
    usernameRequired: 'Please enter the account',
    passwordRequired: 'Please enter the password',
    captchaRequired: 'Please enter the captcha',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  },
  navbar: {
    collapse: 'Collapse menu',
    expand: 'Expand menu',
    language: 'Language',
    zh: '中文',
    en: 'English',
    userInfo: 'My profile',
    dashboard: 'Dashboard',
    logout: 'Log out',
    logoutTip: 'Log out of the system?',
    expireTime: 'Valid until',
    power: 'Power',
    powerUnit: 'times',
    balance: 'Balance',
    balanceUnit: 'yuan',
    unlimited: 'Unlimited',
  },
  lock: {
    password: 'Lock password',
    unlock: 'Unlock',
    wrong: 'Wrong password, please try again',
  },
  tabs: {
    label: 'Open pages',
    close: 'Close',
    closeOthers: 'Close others',
    closeAll: 'Close all',
    more: 'More',
  },
  sidebar: {
    empty: 'No menu found',
    label: 'Main menu',
  },
  wel: {
    greeting: 'Welcome back, {{name}}',
    intro: 'Choose a module from the menu on the left.',
    tenant: 'Tenant',
    role: 'Role',
    account: 'Account',
  },
  error: {
    403: 'Sorry, you may not open this page',
    404: 'Sorry, this page does not exist',
    500: 'Sorry, the server failed',
  },
  menu: {
    system: 'System',
    param: 'Parameters',
  },
};

export default en;
