import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS_API_KEY, DEMO_SRC_CLIENT_ID } from '@c2p/domain';
import { addressOrigins, ConfigError, defaultPublicBaseUrl, loadConfig, publicOriginsOf } from './config.ts';

describe('environment settings', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
    expect(loadConfig({}).PRODUCTS_API_KEY).toBe(DEMO_PRODUCTS_API_KEY);
    expect(loadConfig({ PRODUCTS_API_KEY: '' }).PRODUCTS_API_KEY).toBe(DEMO_PRODUCTS_API_KEY);
    expect(loadConfig({ PRODUCTS_API_KEY: 'team-secret-key' }).PRODUCTS_API_KEY).toBe('team-secret-key');
  });

  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY="everyone": must be true, false/);
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

  it('reads the card network settings: our sandbox and the demo client id by default', () => {
    expect(loadConfig({}).NETWORK_API_BASE_URL).toBeUndefined();
    expect(loadConfig({ NETWORK_API_BASE_URL: '' }).NETWORK_API_BASE_URL).toBeUndefined();
    expect(loadConfig({}).SRC_CLIENT_ID).toBe(DEMO_SRC_CLIENT_ID);
    const config = loadConfig({
      NETWORK_API_BASE_URL: 'https://sandbox.api.mastercard.com/',
      SRC_CLIENT_ID: 'caadb6b1-cc2d-4d16-8874-bdbbe40243ab',
    });
    expect(config.NETWORK_API_BASE_URL).toBe('https://sandbox.api.mastercard.com');
    expect(config.SRC_CLIENT_ID).toBe('caadb6b1-cc2d-4d16-8874-bdbbe40243ab');
    expect(() => loadConfig({ NETWORK_API_BASE_URL: 'ftp://network.example' })).toThrow(
      'NETWORK_API_BASE_URL="ftp://network.example": must be an http:// or https:// URL',
    );
    expect(() => loadConfig({ SRC_CLIENT_ID: 'has space' })).toThrow('SRC_CLIENT_ID="has space"');
  });

  it('reads the DPAs the shop acts for besides its default: none by default, at most 20', () => {
    expect(loadConfig({}).SRC_DPA_IDS).toEqual([]);
    expect(loadConfig({ SRC_DPA_IDS: ' dpa-live  dpa_other ' }).SRC_DPA_IDS).toEqual(['dpa-live', 'dpa_other']);
    const many = Array.from({ length: 21 }, (_, i) => `dpa-${i}`).join(' ');
    expect(() => loadConfig({ SRC_DPA_IDS: many })).toThrow('SRC_DPA_IDS');
    expect(() => loadConfig({ SRC_DPA_IDS: 'dpa-1 ' + 'x'.repeat(201) })).toThrow('SRC_DPA_IDS');
  });
});

describe('NETWORK_ORIGINS', () => {
  it("defaults to the network's hosts and takes space-separated https origins", () => {
    expect(loadConfig({}).NETWORK_ORIGINS).toEqual(['https://*.mastercard.com']);
    expect(loadConfig({ NETWORK_ORIGINS: 'https://a.example https://b.example:8443' }).NETWORK_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example:8443',
    ]);
    expect(() => loadConfig({ NETWORK_ORIGINS: "https://a.example 'unsafe-inline'" })).toThrow(
      /NETWORK_ORIGINS=.*must be https:\/\/ origins/,
    );
  });

  it('item 8: reads PUBLIC_BASE_URL, an origin, and defaults it from HOST and PORT', () => {
    expect(loadConfig({}).PUBLIC_BASE_URL).toBeUndefined();
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://shop.example.com/' }).PUBLIC_BASE_URL).toBe(
      'https://shop.example.com',
    );
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://10.0.0.5:8080' }).PUBLIC_BASE_URL).toBe('http://10.0.0.5:8080');
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'https://shop.example.com/app' })).toThrow(
      'PUBLIC_BASE_URL="https://shop.example.com/app": must have no path, query or fragment',
    );
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_BASE_URL=.*must be an http/);
    expect(defaultPublicBaseUrl('127.0.0.1', 3000)).toBe('http://localhost:3000');
    expect(defaultPublicBaseUrl('0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(defaultPublicBaseUrl('shop.internal', 80)).toBe('http://shop.internal:80');
    expect(defaultPublicBaseUrl('fd00::1', 3000)).toBe('http://[fd00::1]:3000');
  });
});

describe('the start log’s passkey line', () => {
  it('names the own origins that are IP addresses, where no passkey works', () => {
    const origins = publicOriginsOf('http://localhost:3000', undefined, 3000);
    expect(addressOrigins(origins)).toEqual(['http://127.0.0.1:3000']);
    expect(addressOrigins(['https://demo.example', 'http://[::1]:3000', 'http://10.0.0.7:3000'])).toEqual([
      'http://[::1]:3000',
      'http://10.0.0.7:3000',
    ]);
  });
});
