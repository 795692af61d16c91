import { describe, expect, it } from 'vitest';
import { paragraphsToText } from './transcriptImport.js';
import { speakerLines } from './transcriptLines.js';

const text = (lines: string) => paragraphsToText(speakerLines(lines).paragraphs);

describe('speaker lines of .txt and .docx transcripts', () => {
  it('reads Teams’ "Name  m:ss" lines, the words under them, and joins one speaker’s turns', () => {
    const teams =
      'Weekly sync\nJanuary 15, 2024, 3:02PM\n\nDana Smith   0:03\nGood morning.\n\nDana Smith   0:08\nMore.\n\nGraham, Ken (Contractor)\t1:02:10\nHi Dana.';
    expect(speakerLines(teams).named).toBe(true);
    expect(text(teams)).toBe(
      'Weekly sync\nJanuary 15, 2024, 3:02PM\n\n[0:03] Dana Smith: Good morning. More.\n\n[1:02:10] Graham, Ken (Contractor): Hi Dana.',
    );
  });

  it('reads Zoom’s saved transcript and Meet’s "Name: words" with its time marks', () => {
    expect(text('[Ann Lee] 11:02:09\nHow are you?\n[Bo] 11:02:10\nFine.')).toBe(
      '[11:02:09] Ann Lee: How are you?\n\n[11:02:10] Bo: Fine.',
    );
    expect(text('Attendees\nAnn, Bo\n00:00:00\nAnn: Hello.\nBo: Hi.\n00:05:00\nAnn: Bye.')).toBe(
      'Attendees\nAnn, Bo\n\n[0:00] Ann: Hello.\n\nBo: Hi.\n\n[5:00] Ann: Bye.',
    );
  });

  it('reads older Teams documents: a timing line, the speaker, the words', () => {
    const older =
      '0:0:5.100 --> 0:0:8.250\n\nDana\n\nHello there\n\n0:0:9.100 --> 0:0:10.250\n\nOkay\n\n0:1:11.1 --> 0:1:12.250\n\nEve\n\nYes.';
    expect(text(older)).toBe('[0:05] Dana: Hello there\n\nOkay\n\n[1:11] Eve: Yes.');
  });

  it('leaves notes alone: one "Meeting at 10:30" or one "Note:" line names no speakers', () => {
    expect(speakerLines('Meeting at 10:30\nbring the slides').named).toBe(false);
    expect(speakerLines('Note: bring the slides\nand the cables').named).toBe(false);
    expect(speakerLines('Action: send the deck\nTODO: book the room').named).toBe(false);
  });

  it('tries no speaker pattern on a long line', () => {
    const long = `${'word '.repeat(40)}0:03`;
    expect(speakerLines(`${long}\n${long}`).named).toBe(false);
  });
});
