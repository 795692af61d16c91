import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { TRANSCRIPT_IMPORT_MAX_BYTES } from '#common/api/transcripts.js';
import { docxFile } from '../../test/docxFile.js';
import { type Client, createHarness, createUserAndSignIn, type Harness } from '../../test/harness.js';
import { MALFORMED, PLAIN_SRT, STYLED_VTT, TEAMS_VTT, ZOOM_VTT } from './fixtures.js';

let h: Harness;
afterEach(async () => h?.close());

const importFile = (c: Client, filename: string, text: string) =>
  c.request({ method: 'POST', url: '/api/transcripts/import', payload: { filename, text } });
const importBytes = (c: Client, filename: string, bytes: Uint8Array | string) =>
  c.request({
    method: 'POST',
    url: '/api/transcripts/import',
    payload: { filename, base64: Buffer.from(bytes).toString('base64') },
  });

describe('importing transcript files', () => {
  it('reads a Teams .vtt: BOM, CRLF, voice tags over several lines, one paragraph per speaker turn', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const res = await importFile(c, 'Weekly sync.vtt', TEAMS_VTT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      format: 'vtt',
      cues: 3,
      speakers: ['Alice Smith', 'Bob Jones'],
      content:
        '[0:03] Alice Smith: Good morning everyone, thanks for joining. Action: send the deck to finance.\n\n[0:09] Bob Jones: I will book the venue.',
    });
  });

  it('reads a Zoom .vtt with "Name:" labels and a styled captions file', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    expect((await importFile(c, 'zoom.vtt', ZOOM_VTT)).json().content).toBe(
      "[0:01] Dana Lee: Let's get started. First the budget.\n\n[0:07] Eve Park: TODO: check the invoices",
    );
    expect((await importFile(c, 'meet.vtt', STYLED_VTT)).json().content).toBe(
      '[0:01] Carol: We must ship & celebrate\n\n[0:03] plain caption with a timestamp tag',
    );
  });

  it('reads an .srt and a .txt', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    expect((await importFile(c, 'talk.SRT', PLAIN_SRT.replace(/\n/g, '\r\n'))).json()).toEqual({
      format: 'srt',
      cues: 2,
      speakers: ['Frank'],
      content: '[0:01] Hello there, how are you?\n\n[0:05] Frank: Action: email the client',
    });
    expect((await importFile(c, 'notes.txt', '\uFEFFLine one\r\nLine two\r\n')).json()).toEqual({
      format: 'txt',
      cues: 0,
      speakers: [],
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

describe('importing a file’s bytes', () => {
  it('finds the encoding: byte-order marks, UTF-8, else Windows-1252', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const srt = '1\r\n00:00:01,000 --> 00:00:02,000\r\nZoë: Café à 10 h, ça va ?\r\n';
    const cases: Array<[Uint8Array, string]> = [
      [Buffer.from(srt, 'latin1'), 'windows-1252'],
      [Buffer.from(srt, 'utf8'), 'utf-8'],
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(srt, 'utf8')]), 'utf-8'],
      [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(srt, 'utf16le')]), 'utf-16le'],
      [Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(srt, 'utf16le').swap16()]), 'utf-16be'],
      [Buffer.from(srt, 'utf16le'), 'utf-16le'],
    ];
    for (const [bytes, encoding] of cases) {
      const res = await importBytes(c, 'a.srt', bytes);
      expect(res.json(), encoding).toEqual({
        format: 'srt',
        cues: 1,
        speakers: ['Zoë'],
        encoding,
        content: '[0:01] Zoë: Café à 10 h, ça va ?',
      });
    }
  });

  it('reads a YouTube .vtt with header lines and a Webex .vtt with the speaker in the cue id', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const youtube =
      'WEBVTT\nKind: captions\nLanguage: en\n\n00:00:01.000 --> 00:00:02.000 align:start position:0%\nwe<00:00:01.500><c> start</c>\n';
    expect((await importBytes(c, 'talk.en.vtt', youtube)).json().content).toBe('[0:01] we start');
    const webex =
      'WEBVTT\n\n12 "Dana Smith" (0123456789)\n00:01:05.000 --> 00:01:06.000\nHello.\n\n13 "" (0)\n00:01:07.000 --> 00:01:08.000\nHi?\n';
    expect((await importBytes(c, 'webex.vtt', webex)).json()).toMatchObject({
      speakers: ['Dana Smith'],
      content: '[1:05] Dana Smith: Hello.\n\n[1:07] Hi?',
    });
  });

  it('reads a .docx', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const doc = docxFile([['Ann Lee   0:03', 'Hello & welcome.'], ['Bo Park   0:09'], ['Merci.']]);
    expect((await importBytes(c, 'Meeting.docx', doc)).json()).toEqual({
      format: 'docx',
      cues: 0,
      speakers: ['Ann Lee', 'Bo Park'],
      content: '[0:03] Ann Lee: Hello & welcome.\n\n[0:09] Bo Park: Merci.',
    });
  });

  it('refuses what it cannot read with a clear message, and saves nothing', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    // A part that says it unpacks to 100 bytes but holds 5 MB of zeros.
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(5_000_000) });
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.length);
    view.setUint32(22, 100, true);
    for (let i = bomb.length - 22; i >= 0; i--)
      if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 100, true);
    const cases: Array<[string, Uint8Array | string, RegExp]> = [
      ['a.docx', 'just text', /^This \.docx file could not be read: it is not a Word document/],
      ['a.docx', 'PK\u0003\u0004 broken', /^This \.docx file could not be read: the zip is damaged/],
      [
        'a.docx',
        zipSync({ 'notes.txt': strToU8('hi') }),
        /^This \.docx file could not be read: it holds no Word document/,
      ],
      ['a.docx', bomb, /^This \.docx file could not be read: the zip is damaged \(a part is larger than it says\)\.$/],
      ['a.docx', docxFile([]), /^This \.docx file holds no text\.$/],
      ['a.vtt', 'not a caption file', /^This \.vtt file could not be read: No valid signature/],
    ];
    for (const [filename, bytes, error] of cases) {
      const res = await importBytes(c, filename, bytes);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json().error).toMatch(error);
    }
    const asText = await importFile(c, 'a.docx', 'PK');
    expect(asText.json().error).toBe('A .docx file must be sent as its bytes (base64), not as text.');
    const list = await c.request({ method: 'GET', url: '/api/transcripts' });
    expect(list.json()).toEqual({ items: [], total: 0 });
  });

  it('takes the file as text or as base64, one of the two, within the size limit', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const post = (payload: object) => c.request({ method: 'POST', url: '/api/transcripts/import', payload });
    const both = await post({ filename: 'a.txt', text: 'hi', base64: 'aGk=' });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toMatch(/one of the two/);
    expect((await post({ filename: 'a.txt' })).statusCode).toBe(400);
    const notBase64 = await post({ filename: 'a.txt', base64: 'hi there!' });
    expect(notBase64.json().error).toMatch(/base64/);
    const tooLarge = await post({ filename: 'a.txt', base64: 'A'.repeat((TRANSCRIPT_IMPORT_MAX_BYTES / 3) * 4 + 4) });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error).toMatch(/The file is too large/);
    expect((await post({ filename: 'a.txt', base64: Buffer.from('Hello').toString('base64') })).json()).toEqual({
      format: 'txt',
      cues: 0,
      speakers: [],
      encoding: 'utf-8',
      content: 'Hello',
    });
  });
});
