import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReadIssuesNotice, readIssueLines } from './ReadIssuesNotice';

describe('what a connection’s last refresh could not read', () => {
  it('says nothing when everything was read', () => {
    expect(readIssueLines(null)).toEqual([]);
    expect(readIssueLines({ skipped: 0, first_reason: null, unknown_zones: [] })).toEqual([]);
    expect(renderToStaticMarkup(createElement(ReadIssuesNotice, { issues: null, label: 'Team' }))).toBe('');
  });

  it('counts the events left out, with the first reason', () => {
    expect(readIssueLines({ skipped: 2, first_reason: 'An event has no start time', unknown_zones: [] })).toEqual([
      '2 events could not be read: An event has no start time',
    ]);
    expect(readIssueLines({ skipped: 1, first_reason: null, unknown_zones: [] })).toEqual([
      '1 event could not be read.',
    ]);
  });

  it('names the zones it did not recognise and how their times were taken', () => {
    expect(readIssueLines({ skipped: 0, first_reason: null, unknown_zones: ['Foo Standard Time'] })).toEqual([
      'Times given in the zone “Foo Standard Time”, which Daymark does not recognise, are read in the calendar’s own time zone, or in yours when it names none.',
    ]);
    expect(
      readIssueLines({ skipped: 0, first_reason: null, unknown_zones: ['A Time', 'B Time', 'C Time'] })[0],
    ).toContain('the zones “A Time”, “B Time”, and “C Time”');
  });

  it('is one note, named for its connection, with a line per issue', () => {
    const html = renderToStaticMarkup(
      createElement(ReadIssuesNotice, {
        issues: { skipped: 2, first_reason: 'Bad date', unknown_zones: ['Foo Standard Time'] },
        label: 'Team',
      }),
    );
    expect(html).toContain('role="note"');
    expect(html).toContain('aria-label="What could not be read from Team"');
    expect(html.match(/<p>/g)).toHaveLength(2);
  });
});
