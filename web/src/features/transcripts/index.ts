// What other features mount: the calendar tab shows the quick panel and the list for a date.

export { useTranscriptsBetween } from './api';
export { CalendarEventModal, type CalendarEventModalProps } from './CalendarEventModal';
export { FloatingTranscriptButton } from './FloatingTranscriptButton';
export { QuickTranscriptPanel, type QuickTranscriptPanelProps } from './QuickTranscriptPanel';
export { draftOf, editDraftOf, type TranscriptDraft, TranscriptForm, type TranscriptFormProps } from './TranscriptForm';
export { TranscriptModal, type TranscriptModalProps } from './TranscriptModal';
export { TranscriptsForDate, type TranscriptsForDateProps } from './TranscriptsForDate';
