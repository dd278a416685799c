export * from './errors.js';
export * from './paging.js';
export * from './app-config.js';
