import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { docxFile } from './docxFile.js';

/**
 * The two .docx files of the transcript corpus, written by hand to the layout Teams and Google
 * Meet give their transcript documents (no real one with a licence to copy was found; see
 * transcriptCorpus/PROVENANCE.md). Run `npx tsx server/src/test/transcriptCorpusDocx.ts` to write
 * them again; the bytes do not change from run to run.
 */
export const CORPUS_DOCX: Record<string, string[][]> = {
  // Teams: title, date and length, then "Name   m:ss" with the words after a line break, or in the next paragraph.
  'teams-transcript-hand-made.docx': [
    ['Weekly planning-20240115_100212-Meeting Recording'],
    ['January 15, 2024, 10:02AM'],
    ['6m 12s'],
    ['Zoë Müller   0:03', 'Bonjour à tous, on commence ? First the budget for the second quarter.'],
    ['José Álvarez   0:11', 'Sí, the numbers are in the shared sheet. I’ll send the deck to finance by Friday.'],
    ['Zoë Müller   0:25'],
    ['Merci José. Next, the café order for the offsite.'],
    ['Zoë Müller   0:31'],
    ['Ünal, can you book the room?'],
    ['Ünal Kaya   0:36'],
    ['Yes, I will book the room for Thursday.'],
  ],
  // Google Meet (a Google Doc downloaded as .docx): attendees, time marks every five minutes, "Name: words".
  'google-meet-transcript-hand-made.docx': [
    ['Weekly planning - Transcript'],
    ['Attendees'],
    ['José Álvarez, Zoë Müller, Ünal Kaya'],
    ['Transcript'],
    ['00:00:00'],
    ['Zoë Müller: Bonjour à tous. First the budget for the second quarter.'],
    ['José Álvarez: The numbers are in the shared sheet. I’ll send the deck to finance by Friday.'],
    ['Zoë Müller: Merci José.'],
    ['00:05:00'],
    ['Ünal Kaya: Action: book the room for Thursday, the café order is done.'],
    ['Meeting ended after 00:06:12 👋'],
  ],
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = fileURLToPath(new URL('./transcriptCorpus/', import.meta.url));
  for (const [name, paragraphs] of Object.entries(CORPUS_DOCX)) fs.writeFileSync(dir + name, docxFile(paragraphs));
}
