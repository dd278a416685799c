export * from './app-config.js';
export * from './auth.js';
export * from './errors.js';
export * from './external-api.js';
export * from './integrations.js';
export * from './paging.js';
export * from './roles.js';
export * from './user-imports.js';
