import type { NoteEntryType } from '#common/journalConstants.js';
import { Icon, NotesIcon, TranscriptIcon } from '../../ui/icons';

const small = { width: 20, height: 20 };

/** The icon of an entry type, drawn like the design system's line icons. */
export function NoteTypeIcon({ type }: { type: NoteEntryType }) {
  switch (type) {
    case 'note':
      return <NotesIcon {...small} />;
    case 'transcript':
      return <TranscriptIcon {...small} />;
    case 'morning':
      return (
        <Icon {...small}>
          <path d="M4 18h16M7.5 18a4.5 4.5 0 0 1 9 0M12 6v3M5.6 10.6l1.8 1.2M18.4 10.6l-1.8 1.2" />
        </Icon>
      );
    case 'evening':
      return (
        <Icon {...small}>
          <path d="M19.5 14.5A8 8 0 0 1 9.5 4.5a7.5 7.5 0 1 0 10 10z" />
        </Icon>
      );
    case 'weekly':
      return (
        <Icon {...small}>
          <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
          <path d="M3.5 10h17M8 3v4M16 3v4" />
        </Icon>
      );
    default:
      return (
        <Icon {...small}>
          <path d="M5 4.5h11.5a2 2 0 0 1 2 2v13H7a2 2 0 0 1-2-2z" />
          <path d="M5 17.5a2 2 0 0 1 2-2h11.5M9 8.5h6" />
        </Icon>
      );
  }
}
