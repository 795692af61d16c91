import { describe, expect, it } from 'vitest';
import { withoutTrailingSlashes } from './text.js';

describe('withoutTrailingSlashes', () => {
  it('drops every slash at the end and nothing else', () => {
    expect(withoutTrailingSlashes('https://ntfy.example/')).toBe('https://ntfy.example');
    expect(withoutTrailingSlashes('https://ntfy.example//')).toBe('https://ntfy.example');
    expect(withoutTrailingSlashes('https://ntfy.example/a/b')).toBe('https://ntfy.example/a/b');
    expect(withoutTrailingSlashes('///')).toBe('');
    expect(withoutTrailingSlashes(`x${'/'.repeat(100_000)}y`)).toBe(`x${'/'.repeat(100_000)}y`);
  });
});
