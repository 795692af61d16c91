import { describe, expect, it } from 'vitest';
import { REPORT_POINTS, REPORT_THRESHOLD, reportSections, reportTitle, scoreReply } from './reportDetection.js';

const words = (n: number, word = 'progress') => Array.from({ length: n }, () => word).join(' ');

describe('report detection factors', () => {
  it('scores length above 200, 300 and 500 words, only the highest band', () => {
    expect(scoreReply(words(200)).factors).not.toContain('words200');
    expect(scoreReply(words(201)).factors).toEqual(['words200']);
    expect(scoreReply(words(301)).factors).toEqual(['words300']);
    expect(scoreReply(words(501)).factors).toEqual(['words500']);
    expect(scoreReply(words(501)).score).toBe(REPORT_POINTS.words500);
  });

  it('scores one header, two headers and three sections', () => {
    const body = words(60);
    expect(scoreReply(`## Focus\n${body}`).factors).toContain('oneHeader');
    const two = scoreReply(`## Focus\n${body}\n## Risks\nnone`).factors;
    expect(two).toContain('twoHeaders');
    expect(two).not.toContain('threeSections');
    expect(scoreReply(`## A\n${body}\n## B\nx\n**C**\ny`).factors).toContain('threeSections');
  });

  it('scores bullets from three bullet lines', () => {
    const base = words(60);
    expect(scoreReply(`${base}\n- one\n- two`).factors).not.toContain('bullets');
    expect(scoreReply(`${base}\n- one\n* two\n1. three`).factors).toContain('bullets');
  });

  it('scores action items', () => {
    expect(scoreReply(`${words(60)}\nNext steps: call Sam.`).factors).toContain('actionItems');
    expect(scoreReply(`${words(60)}\n- [ ] call Sam`).factors).toContain('actionItems');
    expect(scoreReply(words(60)).factors).not.toContain('actionItems');
  });

  it('scores a report-like title only on the first heading', () => {
    expect(scoreReply(`# Daily Briefing\n${words(60)}`).factors).toContain('reportTitle');
    expect(scoreReply(`# Hello there\n${words(60)}\n## Summary\nx`).factors).not.toContain('reportTitle');
  });
});

describe('report or bubble', () => {
  it('makes a report at 50 points and a bubble just under', () => {
    // two headers (20) + bullets (15) + action items (15) = 50
    const at50 = `## Focus\n${words(60)}\n## Later\n- a\n- b\n- c\nAction items follow.`;
    const s = scoreReply(at50);
    expect(s.score).toBe(REPORT_THRESHOLD);
    expect(s.isReport).toBe(true);
    // two headers (20) + bullets (15) = 35
    const under = scoreReply(`## Focus\n${words(60)}\n## Later\n- a\n- b\n- c`);
    expect(under.score).toBeLessThan(REPORT_THRESHOLD);
    expect(under.isReport).toBe(false);
  });

  it('keeps replies under 50 words as bubbles whatever their score', () => {
    const short = '# Daily Briefing\n## Top\n- a\n- b\n- c\n## Next steps\n- [ ] x\n## Risks\n- y';
    const s = scoreReply(short);
    expect(s.score).toBeGreaterThanOrEqual(REPORT_THRESHOLD);
    expect(s.forcedBubble).toBe('short');
    expect(s.isReport).toBe(false);
  });

  it('keeps a single question as a bubble', () => {
    const q = `${words(80, 'thinking')}. Which of these should we tackle first?`;
    expect(scoreReply(q).forcedBubble).toBe('question');
  });

  it('keeps error-like replies as bubbles', () => {
    const long = `# Daily Briefing\n## A\n- a\n- b\n- c\n## B\n${words(600)}\n## Next steps\nx`;
    expect(scoreReply(long).isReport).toBe(true);
    expect(scoreReply(`Error: the provider failed.\n${long}`).forcedBubble).toBe('error');
    expect(scoreReply(`I'm sorry, I could not reach your data.\n${long}`).isReport).toBe(false);
  });
});

describe('report title and sections', () => {
  it('titles from the first heading, else by kind', () => {
    expect(reportTitle('# **Executive Briefing — Monday**\ntext', 'briefing')).toBe('Executive Briefing — Monday');
    expect(reportTitle('no heading', 'review')).toBe('End of Day Summary');
    expect(reportTitle('no heading', 'briefing')).toBe('Daily Briefing');
    expect(reportTitle('no heading', 'other')).toBe('Assistant Report');
  });

  it('splits sections under their headings without repeating the title', () => {
    const s = reportSections('# Daily Briefing\nintro\n## Priorities\n- a\n## Todos\n- b');
    expect(s).toEqual([
      { heading: null, body: 'intro' },
      { heading: 'Priorities', body: '- a' },
      { heading: 'Todos', body: '- b' },
    ]);
  });
});
