import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './loginPath';

describe('loginPathFor', () => {
  it('carries the requested location', () => {
    expect(loginPathFor({ pathname: '/notes/a b', search: '?x=1' })).toBe('/login?next=%2Fnotes%2Fa%20b%3Fx%3D1');
  });
  it('leaves out the root and the login page itself', () => {
    expect(loginPathFor({ pathname: '/' })).toBe('/login');
    expect(loginPathFor({ pathname: '/login', search: '?next=%2Fx' })).toBe('/login');
  });
});

describe('safeNextPath', () => {
  it('accepts in-app paths', () => {
    expect(safeNextPath('/workout/history?x=1')).toBe('/workout/history?x=1');
  });
  it.each([
    null,
    '',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'dashboard',
    '/login',
    '/login?next=/x',
  ])('falls back to /dashboard for %s', (next) => expect(safeNextPath(next)).toBe('/dashboard'));
});
