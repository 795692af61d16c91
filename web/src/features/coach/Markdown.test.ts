import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { INJECTIONS, naiveAnswer } from '#common/testing/injectionCorpus.js';
import { Markdown } from './Markdown';

// A .ts file (no JSX) so that the shared test include pattern picks it up.
const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

describe('Markdown replies', () => {
  it('renders GFM tables and code', () => {
    const out = html('| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```');
    expect(out).toContain('<table>');
    expect(out).toContain('<td>1</td>');
    expect(out).toMatch(/<pre><code class="language-ts">const x = 1;\n<\/code><\/pre>/);
  });

  it("names each task-list checkbox by its item's words, in tight and loose lists", () => {
    const tight = html(
      '## Next steps\n\n- [ ] Call **Sam** about the budget\n- [x] Book the room\n  - [ ] nested item',
    );
    const boxes = tight.match(/<input[^>]*>/g) ?? [];
    expect(boxes.map((b) => b.match(/aria-label="([^"]*)"/)?.[1])).toEqual([
      'Call Sam about the budget',
      'Book the room',
      'nested item',
    ]);
    expect(boxes.every((b) => b.includes('type="checkbox"'))).toBe(true);
    const loose = html('- [ ] First step\n\n- [ ] Second step');
    expect(loose).toMatch(/aria-label="First step"/);
    expect(loose).toMatch(/aria-label="Second step"/);
    expect(html('- plain item')).not.toContain('aria-label');
  });

  it('keeps http, https, mailto and tel links and drops other protocols', () => {
    const out = html('[a](https://example.com) [b](mailto:me@example.com) [c](tel:+1555) [d](javascript:alert(1))');
    expect(out).toContain('href="https://example.com"');
    expect(out).toContain('href="mailto:me@example.com"');
    expect(out).toContain('href="tel:+1555"');
    expect(out).not.toContain('javascript');
    expect(out).toContain('<span>d</span>');
    expect(out).toContain('rel="noopener noreferrer nofollow"');
  });

  it('drops raw HTML and never loads images', () => {
    const out = html('Hi <script>alert(1)</script><b onclick="x()">bold</b>\n\n![chart](https://evil.example/t.png)');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('onclick');
    expect(out).not.toContain('<img');
    expect(out).toContain('>Image: chart</a>');
  });

  it('renders every reply of a model that obeyed the injection corpus as inert text', () => {
    for (const injection of INJECTIONS) {
      const out = html(naiveAnswer(`${injection.text} ${injection.id}`));
      expect(out, injection.id).not.toMatch(/<img|<script|javascript:|onerror=|onclick=/i);
      for (const [, href] of out.matchAll(/href="([^"]*)"/g))
        expect(href, injection.id).toMatch(/^(https?:|mailto:|tel:)/);
    }
  });
});
