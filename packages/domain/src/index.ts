export * from './constants.ts';
export * from './locales.ts';
export * from './navigation.ts';
export * from './roles.ts';
export * from './routes.ts';
export * from './storage-keys.ts';
export * from './tools.ts';
export * from './validation.ts';
