// The design system. Import from here: `import { Button, Card } from '../../ui';`
export { AppletHeader, type AppletHeaderProps } from './AppletHeader';
export { type AppletTab, AppletTabs, type AppletTabsProps, activeTabId, appletTabPath } from './AppletTabs';
export { Button, type ButtonProps, buttonClassName, LinkButton, type LinkButtonProps } from './Button';
export { Card, type CardProps } from './Card';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ErrorState, type ErrorStateProps } from './ErrorState';
export { type FieldProps, FieldShell, useFieldIds } from './Field';
export { Modal, type ModalProps } from './Modal';
export { Pill, type PillProps, type PillTone } from './Pill';
export { LoadingState, type LoadingStateProps, Spinner, type SpinnerProps } from './Spinner';
export { type TabItem, Tabs, type TabsProps } from './Tabs';
export {
  Select,
  type SelectOption,
  type SelectProps,
  TextArea,
  type TextAreaProps,
  TextField,
  type TextFieldProps,
} from './TextField';
export { type ToastApi, type ToastOptions, ToastProvider, type ToastTone, useToast } from './Toast';
