import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS_API_KEY } from '@c2p/domain';
import { ConfigError, loadConfig } from './config.ts';

describe('environment settings', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
    expect(loadConfig({}).PRODUCTS_API_KEY).toBe(DEMO_PRODUCTS_API_KEY);
    expect(loadConfig({ PRODUCTS_API_KEY: '' }).PRODUCTS_API_KEY).toBe(DEMO_PRODUCTS_API_KEY);
    expect(loadConfig({ PRODUCTS_API_KEY: 'team-secret-key' }).PRODUCTS_API_KEY).toBe('team-secret-key');
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({ PORT: '4100', DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', ADMIN_EMAIL: 'a@b.co' });
    expect(config).toMatchObject({ PORT: 4100, DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', ADMIN_EMAIL: 'a@b.co' });
  });

  it('refuses bad values, naming each variable and what is wrong', () => {
    let message = '';
    try {
      loadConfig({
        PORT: 'abc',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        ADMIN_PASSWORD: '123',
        PRODUCTS_API_KEY: 'short',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('PORT="abc": must be a port number');
    expect(message).toContain('LOG_LEVEL="loud": must be one of');
    expect(message).toContain('DATABASE_URL="mysql://x": must be a postgres:// or postgresql:// URL');
    expect(message).toContain('ADMIN_PASSWORD="123": must be at least 5 characters');
    expect(message).toContain('PRODUCTS_API_KEY="short": must be at least 8 characters');
  });
});
