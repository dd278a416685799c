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

  it('links to where the server listens unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4620' }).PUBLIC_URL).toBe('http://localhost:4620');
    expect(loadConfig({ PORT: '4620', PUBLIC_URL: 'https://console.example.com' }).PUBLIC_URL).toBe('https://console.example.com');
  });

  it('names the variable whose value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ API_BASE_PATH: 'api/' })).toThrow(/API_BASE_PATH/);
    expect(() => loadConfig({ PROCESS_ROLE: 'both' })).toThrow(/PROCESS_ROLE/);
  });

  it('locks an account itself only after many failed passwords from all sources (decision 020)', () => {
    expect(loadConfig({}).SIGN_IN_ACCOUNT_FAILURES_MAX).toBe(100);
    expect(() => loadConfig({ SIGN_IN_ACCOUNT_FAILURES_MAX: '9' })).toThrow(/SIGN_IN_ACCOUNT_FAILURES_MAX/);
  });

  it('limits calls without a known key per address and caps access keys per organization (decision 020)', () => {
    const config = loadConfig({});
    expect(config.API_UNKNOWN_KEY_RATE_LIMIT).toBe(100);
    expect(config.ACCESS_KEYS_PER_ORGANIZATION_MAX).toBe(50);
    expect(loadConfig({ ACCESS_KEYS_PER_ORGANIZATION_MAX: '5' }).ACCESS_KEYS_PER_ORGANIZATION_MAX).toBe(5);
    expect(() => loadConfig({ ACCESS_KEYS_PER_ORGANIZATION_MAX: '0' })).toThrow(/ACCESS_KEYS_PER_ORGANIZATION_MAX/);
    expect(() => loadConfig({ API_UNKNOWN_KEY_RATE_LIMIT: 'many' })).toThrow(/API_UNKNOWN_KEY_RATE_LIMIT/);
  });

  it('bounds the e-mails of other organizations user imports list per day (decision 020)', () => {
    expect(loadConfig({}).USER_IMPORT_FOREIGN_EMAILS_PER_DAY).toBe(100);
    expect(loadConfig({ USER_IMPORT_FOREIGN_EMAILS_PER_DAY: '0' }).USER_IMPORT_FOREIGN_EMAILS_PER_DAY).toBe(0);
    expect(() => loadConfig({ USER_IMPORT_FOREIGN_EMAILS_PER_DAY: '-1' })).toThrow(/USER_IMPORT_FOREIGN_EMAILS_PER_DAY/);
  });

  it('reads booleans and numbers', () => {
    const config = loadConfig({ DEMO_DATA: 'false', PORT: '8080', TRUST_PROXY: '1' });
    expect(config.DEMO_DATA).toBe(false);
    expect(config.PORT).toBe(8080);
    expect(config.TRUST_PROXY).toBe(1);
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'no' }).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    for (const bad of ['11', '-1', '1.5', 'all', '10.0.0.1']) expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('keeps the files of ended user imports 30 days unless told otherwise', () => {
    expect(loadConfig({}).USER_IMPORT_FILE_RETENTION_DAYS).toBe(30);
    expect(loadConfig({ USER_IMPORT_FILE_RETENTION_DAYS: '7' }).USER_IMPORT_FILE_RETENTION_DAYS).toBe(7);
    expect(() => loadConfig({ USER_IMPORT_FILE_RETENTION_DAYS: '0' })).toThrow(/USER_IMPORT_FILE_RETENTION_DAYS/);
  });
});
