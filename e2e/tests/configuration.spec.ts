import { test, expect } from '@playwright/test';

test('start-up names every customer-facing setting still on its demo value, and says nothing once all are set', async () => {
  const { placeholderSettings, placeholderWarning } = await import('../../scripts/portal-server.mjs');
  expect(placeholderSettings({})).toEqual([
    'PORTAL_BANK_NAME',
    'PORTAL_BANK_ACCOUNT_NUMBER',
    'PORTAL_BANK_ACCOUNT_NAME',
    'PORTAL_CHAT_URL',
  ]);
  const configured = {
    PORTAL_BANK_NAME: 'Zenith Bank',
    PORTAL_BANK_ACCOUNT_NUMBER: '1012345678',
    PORTAL_BANK_ACCOUNT_NAME: 'Kits Reseller Ltd',
    PORTAL_CHAT_URL: 'https://wa.me/2348012345678',
  };
  expect(placeholderWarning({ ...configured, PORTAL_BANK_ACCOUNT_NUMBER: '' })).toContain('PORTAL_BANK_ACCOUNT_NUMBER');
  expect(placeholderWarning({ ...configured, PORTAL_BANK_ACCOUNT_NUMBER: '' })).not.toContain('PORTAL_BANK_NAME');
  expect(placeholderWarning(configured)).toBeNull();
});
