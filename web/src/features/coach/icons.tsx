import type { ReactNode } from 'react';
import { type IconProps, Icon as LineIcon } from '../../ui/icons';

/** Icons of the chat screens, in the design system's frame at 18px. */
const Icon = ({ children, ...p }: IconProps & { children: ReactNode }) => (
  <LineIcon width="18" height="18" {...p}>
    {children}
  </LineIcon>
);

export const PencilIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20h4L19 9l-4-4L4 16v4z" />
    <path d="M13.5 6.5l4 4" />
  </Icon>
);

export const TrashIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13" />
    <path d="M10 11v5.5M14 11v5.5" />
  </Icon>
);

export const HistoryIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 12a8 8 0 1 0 2.3-5.6L4 8.5" />
    <path d="M4 4v4.5h4.5M12 8v4.5l3 2" />
  </Icon>
);
