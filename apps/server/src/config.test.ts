import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.API_BASE_PATH).toBe('/api');
    expect(config.PRODUCT_NAME).toBe('Workframe');
    expect(config.dbDir).toMatch(/data[/\\]db$/);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the variable whose value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ API_BASE_PATH: 'api/' })).toThrow(/API_BASE_PATH/);
    expect(() => loadConfig({ PROCESS_ROLE: 'both' })).toThrow(/PROCESS_ROLE/);
  });

  it('reads booleans and numbers', () => {
    const config = loadConfig({ DEMO_DATA: 'false', PORT: '8080', TRUST_PROXY: '1' });
    expect(config.DEMO_DATA).toBe(false);
    expect(config.PORT).toBe(8080);
    expect(config.TRUST_PROXY).toBe(true);
  });

  it('keeps the files of ended user imports 30 days unless told otherwise', () => {
    expect(loadConfig({}).USER_IMPORT_FILE_RETENTION_DAYS).toBe(30);
    expect(loadConfig({ USER_IMPORT_FILE_RETENTION_DAYS: '7' }).USER_IMPORT_FILE_RETENTION_DAYS).toBe(7);
    expect(() => loadConfig({ USER_IMPORT_FILE_RETENTION_DAYS: '0' })).toThrow(/USER_IMPORT_FILE_RETENTION_DAYS/);
  });
});
