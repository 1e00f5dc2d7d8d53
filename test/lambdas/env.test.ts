import { describe, expect, it } from 'vitest';
import { cookiesAreSecure, parseConfig, parseEmbeddedSettings } from '../../lambdas/env';

const required = {
  TABLE_NAME: 'table',
  APP_ORIGIN: 'https://write.example.com',
  OIDC_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/pool',
  OIDC_CLIENT_ID: 'client',
};

describe('parseConfig', () => {
  it('fills the defaults of an AWS deployment', () => {
    const config = parseConfig(required);

    expect(config).toMatchObject({
      RUNTIME: 'aws',
      OIDC_PROVIDER_HINT: 'cognito',
      SESSION_TTL_SECONDS: 2_592_000,
      LOG_LEVEL: 'info',
    });
  });

  it('fails fast, naming every missing or malformed setting', () => {
    expect(() => parseConfig({ APP_ORIGIN: 'not a url' })).toThrow(
      /TABLE_NAME.*APP_ORIGIN.*OIDC_ISSUER.*OIDC_CLIENT_ID/s,
    );
  });

  it('reads numbers from text', () => {
    expect(parseConfig({ ...required, SESSION_TTL_SECONDS: '3600' }).SESSION_TTL_SECONDS).toBe(3600);
  });

  it('gives the local payment provider 30-day periods unless told otherwise', () => {
    expect(parseConfig(required).LOCAL_BILLING_PERIOD_SECONDS).toBe(2_592_000);
    expect(
      parseConfig({ ...required, LOCAL_BILLING_PERIOD_SECONDS: '120' }).LOCAL_BILLING_PERIOD_SECONDS,
    ).toBe(120);
  });

  it('refuses Stripe keys of the wrong kind, such as a publishable key for the secret key', () => {
    expect(() => parseConfig({ ...required, STRIPE_SECRET_KEY: 'pk_test_123' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parseConfig({ ...required, STRIPE_WEBHOOK_SECRET: 'sk_test_123' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
  });

  it('marks cookies Secure only for an https origin', () => {
    expect(cookiesAreSecure(parseConfig(required))).toBe(true);
    expect(cookiesAreSecure(parseConfig({ ...required, APP_ORIGIN: 'http://localhost:3000' }))).toBe(false);
  });
});

describe('parseEmbeddedSettings', () => {
  it('defaults to port 3000 and .data', () => {
    expect(parseEmbeddedSettings({})).toEqual({ PORT: 3000, DATA_DIR: '.data', LOG_LEVEL: 'warn' });
  });

  it('refuses a sample-image service that is not a URL', () => {
    expect(() => parseEmbeddedSettings({ SAMPLE_IMAGE_URL: 'picsum' })).toThrow(/SAMPLE_IMAGE_URL/);
  });

  it('refuses a port that is not a number', () => {
    expect(() => parseEmbeddedSettings({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
