import type { ComponentType } from 'react';
import { SECTIONS, type Section } from '#common/constants.js';
import {
  AssistantIcon,
  CoachIcon,
  DashboardIcon,
  type IconProps,
  NotesIcon,
  TodosIcon,
  TranscriptIcon,
  WorkoutIcon,
} from '../ui/icons';

export interface SectionInfo {
  id: Section;
  /** Top bar link and page title. */
  label: string;
  /**
   * Bottom tab bar title: seven tabs share a 390px phone, about 55px each, so the two long
   * names get short ones ('Dashboard' → 'Home', 'Transcripts' → 'Meetings').
   */
  shortLabel: string;
  Icon: ComponentType<IconProps>;
}

const INFO: Record<Section, Omit<SectionInfo, 'id'>> = {
  dashboard: { label: 'Dashboard', shortLabel: 'Home', Icon: DashboardIcon },
  notes: { label: 'Notes', shortLabel: 'Notes', Icon: NotesIcon },
  todos: { label: 'Todos', shortLabel: 'Todos', Icon: TodosIcon },
  workout: { label: 'Workout', shortLabel: 'Workout', Icon: WorkoutIcon },
  coach: { label: 'Coach', shortLabel: 'Coach', Icon: CoachIcon },
  transcript: { label: 'Transcripts', shortLabel: 'Meetings', Icon: TranscriptIcon },
  assistant: { label: 'Assistant', shortLabel: 'Assistant', Icon: AssistantIcon },
};

export const SECTION_INFO: SectionInfo[] = SECTIONS.map((id) => ({ id, ...INFO[id] }));

/** The label, short label and icon of a section. */
export const sectionInfo = (section: Section): Omit<SectionInfo, 'id'> => INFO[section];

function isSection(value: string | undefined): value is Section {
  return (SECTIONS as readonly string[]).includes(value ?? '');
}

/** The section a path belongs to ('/notes/x' → 'notes'), if any. */
export function sectionOf(pathname: string): Section | undefined {
  const first = pathname.split('/')[1];
  return isSection(first) ? first : undefined;
}
