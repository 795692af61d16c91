import { Icon, type IconProps } from '../../ui/icons';

const DatabaseIcon = (p: IconProps) => (
  <Icon {...p}>
    <ellipse cx="12" cy="5.5" rx="7" ry="2.5" />
    <path d="M5 5.5v13c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5v-13" />
    <path d="M5 12c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5" />
  </Icon>
);

const BroomIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M19 3 11.5 10.5" />
    <path d="M9 9.5 14.5 15l-2 5.5c-3-.5-6.5-3-8-6.5Z" />
    <path d="m7.5 16.5 2-2M10 19l2-2.5" />
  </Icon>
);

const PulseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 12h4l2.5-6 4 12 2.5-6H21" />
  </Icon>
);

const TerminalIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="m7 9 3 3-3 3M13 15h4" />
  </Icon>
);

const SunriseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 18h16M6.5 18a5.5 5.5 0 0 1 11 0M12 4v4M4.9 9.9l1.4 1.4M19.1 9.9l-1.4 1.4M9.5 6l2.5-2 2.5 2" />
  </Icon>
);

export const ClockIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Icon>
);

export const PlayIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M8 5.5v13l10-6.5Z" />
  </Icon>
);

export const EditIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20h4L19 9l-4-4L4 16Z" />
    <path d="m13.5 6.5 4 4" />
  </Icon>
);

export const TrashIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4.5 7h15M10 11v6M14 11v6M6 7l1 12.5h10L18 7M9.5 7V4.5h5V7" />
  </Icon>
);

const BY_TYPE: Record<string, (p: IconProps) => React.JSX.Element> = {
  database_backup: DatabaseIcon,
  log_cleanup: BroomIcon,
  health_check: PulseIcon,
  custom_script: TerminalIcon,
  assistant_briefing: SunriseIcon,
};

/** The job type's icon; types without one get the clock. */
export function JobTypeIcon({ type, ...p }: IconProps & { type: string }) {
  const Draw = BY_TYPE[type] ?? ClockIcon;
  return <Draw {...p} data-icon={BY_TYPE[type] ? type : 'default'} />;
}
