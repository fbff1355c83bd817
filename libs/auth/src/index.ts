/** @smart/auth: session and tokens, refresh lock, login/logout, lock, permissions, route guard. */
export * from './website';
export * from './storage';
export * from './cookies';
export * from './session';
export * from './events';
export * from './auth';
export * from './permissions';
export * from './guard';
export * from './lock';
export { sha256Hex } from './sha256';
export * from './http-config';
