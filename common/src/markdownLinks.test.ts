import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from './markdownLinks.js';

describe('safeLinkUrl', () => {
  it.each([
    'http://example.com/a?b=1',
    'https://example.com',
    'mailto:me@example.com',
    'tel:+15551234567',
    'HTTPS://EXAMPLE.COM',
  ])('keeps %s', (url) => {
    expect(safeLinkUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'ftp://example.com',
    '/relative/path',
    '#anchor',
    '',
    undefined,
  ])('drops %s', (url) => {
    expect(safeLinkUrl(url)).toBeUndefined();
  });
});
