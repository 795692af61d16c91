/**
 * A team check-in as Zoom's cloud recording writes its audio transcript (`.transcript.vtt`):
 * numbered cues a few seconds long, "Name: text" in every cue, sentences running across cues,
 * filler words, abbreviations ("Dr."), small talk, questions, and the commitments made in it.
 * Written for the tests in Zoom's shape (the people and the meeting are made up); the speech
 * habits are those of real recordings, e.g. "what I have after this is, I'm going to see Dr. …".
 */
const CUES: Array<[string, string]> = [
  ['Priya Raman', "Okay, I think we're recording. Hi everyone, thanks for joining."],
  ['Priya Raman', "I'll share my screen so we can look at the board."],
  ['Marcus Webb', 'Yeah, can you make it a little bigger?'],
  ['Priya Raman', 'Sure. Is that better?'],
  ['Marcus Webb', "That's great, thanks. So, um, quick heads-up, I have a hard stop at half past"],
  ['Marcus Webb', "because what I have after this is, I'm going to see Dr. Alvarez about my knee."],
  ['Priya Raman', 'Oh no, hope it goes okay. Let me go through the budget first then.'],
  ['Priya Raman', 'So the numbers will look different next quarter, which is expected.'],
  ['Priya Raman', "And I'll send the revised budget to finance by Thursday."],
  ['Marcus Webb', 'Okay. On my side, I will, um, set up the staging environment tomorrow morning,'],
  ['Marcus Webb', "it's mostly scripted now so it shouldn't take long."],
  ['Priya Raman', "Great. And Jordan is going to draft the customer email, he said he'd have it"],
  ['Priya Raman', 'ready before we talk to the client.'],
  ['Marcus Webb', 'The security review has to be done by the end of the month.'],
  ['Marcus Webb', "We can't ship without it, so we need to get the vendor contract signed before the 15th."],
  ['Priya Raman', "Right. I think we'll probably be fine on time though."],
  [
    'Priya Raman',
    "I'll go through all of the open tickets in the backlog and close the ones that are older than six months,",
  ],
  [
    'Priya Raman',
    "and then write up a short summary of what's left for the team so we can decide on priorities at the planning meeting.",
  ],
  ['Marcus Webb', 'It will take a while to load the old ones, the tracker is slow.'],
  ['Marcus Webb', 'Can you send me the link to the board?'],
  ['Priya Raman', "Yep, I'll drop it in the chat. Okay, I have to go. I'll see you all next week."],
  ['Marcus Webb', 'Sounds good, thanks everyone.'],
];

const stamp = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;

export const ZOOM_STANDUP_VTT = `WEBVTT\n\n${CUES.map(
  ([who, text], i) => `${i + 1}\n${stamp(i * 6)} --> ${stamp(i * 6 + 6)}\n${who}: ${text}\n`,
).join('\n')}`;

/** The commitments made in it, as todos, in order. */
export const ZOOM_STANDUP_COMMITMENTS = [
  'Send the revised budget to finance by Thursday',
  'Set up the staging environment tomorrow morning',
  'Jordan is going to draft the customer email',
  'The security review has to be done by the end of the month',
  'Get the vendor contract signed before the 15th',
  'Go through all of the open tickets in the backlog and close the ones that are older than six months',
];
