/** Transcript files shaped like real exports (Teams, Zoom, Meet, subtitle tools), for tests. */

/** Microsoft Teams: BOM, CRLF, cue ids, voice tags spanning lines. */
export const TEAMS_VTT =
  '\uFEFFWEBVTT\r\n\r\n' +
  '0f1a2b3c-4d5e-6f70-8192-a3b4c5d6e7f8/12-0\r\n00:00:03.120 --> 00:00:06.480\r\n<v Alice Smith>Good morning everyone,\r\nthanks for joining.</v>\r\n\r\n' +
  '0f1a2b3c-4d5e-6f70-8192-a3b4c5d6e7f8/13-0\r\n00:00:06.480 --> 00:00:09.000\r\n<v Alice Smith>Action: send the deck to finance.</v>\r\n\r\n' +
  '0f1a2b3c-4d5e-6f70-8192-a3b4c5d6e7f8/14-0\r\n00:00:09.500 --> 00:00:12.000\r\n<v Bob Jones>I will book the venue.</v>\r\n';

/** Zoom: numbered cues, "Name: text" lines, no voice tags. */
export const ZOOM_VTT = `WEBVTT

1
00:00:01.000 --> 00:00:04.500
Dana Lee: Let's get started.

2
00:00:04.500 --> 00:00:07.000
Dana Lee: First the budget.

3
00:00:07.200 --> 00:00:09.900
Eve Park: TODO: check the invoices
`;

/** Google Meet / captioning tools: styling tags, class voice tags, settings, a NOTE and a STYLE block. */
export const STYLED_VTT = `WEBVTT Kind: captions; Language: en

STYLE
::cue { color: white; }

NOTE exported by a captioning tool

00:00:01.000 --> 00:00:03.000 align:start position:10%
<v.loud Carol>We <b>must</b> <i>ship</i> &amp; celebrate</v>

00:00:03.000 --> 00:00:05.000
<c.yellow>plain caption</c> <00:00:04.000>with a timestamp tag
`;

export const PLAIN_SRT = `1
00:00:01,000 --> 00:00:04,000
<i>Hello</i> there,
how are you?

2
00:00:05,000 --> 00:00:06,500
{\\an8}Frank: Action: email the client

`;

export const MALFORMED = {
  vttNoSignature: 'Hello, this is not a caption file\n\n00:00:01.000 --> 00:00:02.000\nhi\n',
  vttBadTimes: 'WEBVTT\n\n00:00:01.000 --> later\nhi\n',
  srtBadTimes: '1\n00:00:99,000 -> 00:00\nhello\n',
  srtNoCues: 'just some words\nand more words\n',
};
