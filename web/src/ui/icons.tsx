import type { ReactNode, SVGProps } from 'react';

/*
 * Line icons drawn on a 24px grid with a 1.8px round stroke in currentColor, so they take the
 * text colour and scale with font size. Decorative by default (aria-hidden).
 */
export type IconProps = SVGProps<SVGSVGElement>;

/** The frame every line icon is drawn in; features draw their own icons with it. */
export function Icon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const DashboardIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="3.5" width="7" height="8" rx="1.5" />
    <rect x="13.5" y="3.5" width="7" height="5" rx="1.5" />
    <rect x="13.5" y="11.5" width="7" height="9" rx="1.5" />
    <rect x="3.5" y="14.5" width="7" height="6" rx="1.5" />
  </Icon>
);

export const NotesIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 3.5h9l3.5 3.5v13a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-15.5a1 1 0 0 1 1-1z" />
    <path d="M14.5 3.5V7.5h4" />
    <path d="M8.5 12h7M8.5 15.5h7M8.5 8.5h3" />
  </Icon>
);

export const TodosIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
    <path d="M8 12.2l2.7 2.7L16.2 9.3" />
  </Icon>
);

export const WorkoutIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M8 12h8" />
    <rect x="4.5" y="7" width="3.5" height="10" rx="1" />
    <rect x="16" y="7" width="3.5" height="10" rx="1" />
    <path d="M2.5 10v4M21.5 10v4" />
  </Icon>
);

export const CoachIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20.5 11.5a7.5 7.5 0 0 1-10.9 6.7L4 19.5l1.3-4.6A7.5 7.5 0 1 1 20.5 11.5z" />
    <path d="M9 11.5h.01M13 11.5h.01M17 11.5h.01" strokeWidth="2.4" />
  </Icon>
);

export const TranscriptIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7" />
  </Icon>
);

export const AssistantIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.5l1.9 5.1 5.1 1.9-5.1 1.9L12 17.5l-1.9-5.1L5 10.5l5.1-1.9z" />
    <path d="M18.5 16v4M16.5 18h4" />
  </Icon>
);

export const LogoutIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 4.5H6A1.5 1.5 0 0 0 4.5 6v12A1.5 1.5 0 0 0 6 19.5h4" />
    <path d="M15.5 16l4-4-4-4M19.5 12H9.5" />
  </Icon>
);

export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const AlertIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5v5.5M12 16.5h.01" />
  </Icon>
);

export const CheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);

export const InfoIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 11v5.5M12 7.5h.01" />
  </Icon>
);

export const RefreshIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3L19.5 9" />
    <path d="M19.5 4v5h-5" />
  </Icon>
);

export const PlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

/** The brand mark: a waypoint on a horizon. */
export const DaymarkLogo = (p: IconProps) => (
  <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false" {...p}>
    <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
    <path
      d="M9 22l7-12 7 12"
      fill="none"
      stroke="var(--color-on-accent)"
      strokeWidth="2.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
    <circle cx="16" cy="10" r="2" fill="var(--color-on-accent)" />
  </svg>
);
