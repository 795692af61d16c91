import { afterEach, describe, expect, it } from 'vitest';
import { type Client, createHarness, createUserAndSignIn, type Harness } from '../../test/harness.js';
import { MALFORMED, PLAIN_SRT, STYLED_VTT, TEAMS_VTT, ZOOM_VTT } from './fixtures.js';

let h: Harness;
afterEach(async () => h?.close());

const importFile = (c: Client, filename: string, text: string) =>
  c.request({ method: 'POST', url: '/api/transcripts/import', payload: { filename, text } });

describe('importing transcript files', () => {
  it('reads a Teams .vtt: BOM, CRLF, voice tags over several lines, one paragraph per speaker turn', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const res = await importFile(c, 'Weekly sync.vtt', TEAMS_VTT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      format: 'vtt',
      cues: 3,
      content:
        'Alice Smith: Good morning everyone, thanks for joining. Action: send the deck to finance.\n\nBob Jones: I will book the venue.',
    });
  });

  it('reads a Zoom .vtt with "Name:" labels and a styled captions file', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    expect((await importFile(c, 'zoom.vtt', ZOOM_VTT)).json().content).toBe(
      "Dana Lee: Let's get started. First the budget.\n\nEve Park: TODO: check the invoices",
    );
    expect((await importFile(c, 'meet.vtt', STYLED_VTT)).json().content).toBe(
      'Carol: We must ship & celebrate\n\nplain caption with a timestamp tag',
    );
  });

  it('reads an .srt and a .txt', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    expect((await importFile(c, 'talk.SRT', PLAIN_SRT.replace(/\n/g, '\r\n'))).json()).toEqual({
      format: 'srt',
      cues: 2,
      content: 'Hello there, how are you?\n\nFrank: Action: email the client',
    });
    expect((await importFile(c, 'notes.txt', '\uFEFFLine one\r\nLine two\r\n')).json()).toEqual({
      format: 'txt',
      cues: 0,
      content: 'Line one\nLine two',
    });
  });

  it('refuses malformed files with a clear message and saves nothing', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const cases: Array<[string, string, RegExp]> = [
      ['a.vtt', MALFORMED.vttNoSignature, /^This \.vtt file could not be read: No valid signature/],
      ['a.vtt', MALFORMED.vttBadTimes, /^This \.vtt file could not be read: .+\(line \d+\)\.$/],
      ['a.srt', MALFORMED.srtBadTimes, /^This \.srt file could not be read: expected timestamp at row 2/],
      ['a.srt', MALFORMED.srtNoCues, /^This \.srt file could not be read/],
      ['a.srt', '', /^No captions found in this \.srt file\.$/],
      ['a.txt', ' \r\n ', /^The file is empty\.$/],
    ];
    for (const [filename, text, error] of cases) {
      const res = await importFile(c, filename, text);
      expect(res.statusCode, `${filename}: ${text}`).toBe(400);
      expect(res.json().error).toMatch(error);
    }
    const list = await c.request({ method: 'GET', url: '/api/transcripts' });
    expect(list.json()).toEqual({ items: [], total: 0 });
  });
});
