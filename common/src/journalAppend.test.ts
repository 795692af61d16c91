import { describe, expect, it } from 'vitest';
import { appendToSection } from './journalAppend.js';
import { DAILY_TEMPLATE } from './journalText.js';

describe('appendToSection', () => {
  it('adds to the end of the named section and keeps the rest', () => {
    const text = '## Goals for the Day\n- ship it\n\n## Daily Journal\nSlept well.\n';
    expect(appendToSection(text, 'goals for the day', '- call mum')).toBe(
      '## Goals for the Day\n- ship it\n- call mum\n\n## Daily Journal\nSlept well.\n',
    );
    expect(appendToSection(text, 'Daily Journal', 'Ran 5 km.')).toBe(
      '## Goals for the Day\n- ship it\n\n## Daily Journal\nSlept well.\nRan 5 km.\n',
    );
  });

  it('keeps subsections inside their section', () => {
    const text = '## Morning Preparation\n### Daily Priorities\n- a\n## Evening Shutdown\n### Wins\n- b';
    expect(appendToSection(text, 'Morning Preparation', '- c')).toBe(
      '## Morning Preparation\n### Daily Priorities\n- a\n- c\n## Evening Shutdown\n### Wins\n- b',
    );
  });

  it('fills the template’s empty bullet and adds a missing section at the end', () => {
    expect(appendToSection(DAILY_TEMPLATE, 'Goals for the Day', '- finish the report')).toBe(
      '## Goals for the Day\n- finish the report\n\n## Daily Journal\n',
    );
    expect(appendToSection('', 'Daily Journal', 'Hello')).toBe('## Daily Journal\nHello\n');
    expect(appendToSection('Some text\n', 'Evening Shutdown', '- win')).toBe(
      'Some text\n\n## Evening Shutdown\n- win\n',
    );
  });
});
