/** Coach and assistant constants and texts of the spec, shared by server and web. */
export const COACH_TYPES = ['workout', 'vocational', 'assistant'] as const;

export const COACH_LABELS = {
  workout: 'Workout Coach',
  vocational: 'Professional Coach',
  assistant: 'Executive Assistant',
} as const;

export const COACH_MESSAGES = {
  emptyMessage: 'Message cannot be empty',
  oneUserMessage: 'Send exactly one user message',
  titleRequired: 'Title cannot be empty',
  conversationNotFound: 'Conversation not found',
  basePromptRequired: 'Base prompt cannot be empty',
  detailsRequired: 'System prompt details cannot be empty',
  invalidCoachReply: '[Invalid response from coach]',
  invalidAssistantReply: '[Invalid response from assistant]',
  deleteConfirm: 'Are you sure you want to delete this conversation?',
  renameFailed: 'Failed to rename conversation.',
  renameError: 'Error renaming conversation.',
  deleteFailed: 'Failed to delete conversation.',
  deleteError: 'Error deleting conversation.',
  loadSettingsFailed: 'Failed to load coach settings',
  saveSettingsFailed: 'Failed to save coach settings',
  resetSettingsFailed: 'Failed to reset coach settings',
  resetAllFailed: 'Failed to reset all coach prompts',
  untitled: 'Untitled Conversation',
} as const;

/** What the assistant's two buttons send; the server recognises them for the offline reports. */
export const ASSISTANT_REQUESTS = {
  briefing: 'Please prepare my Executive Daily Briefing for today.',
  review: 'Please prepare my Strategic Day Review of today.',
} as const;

export const chatTitleFallback = (createdAt: string) =>
  `Chat from ${new Date(createdAt).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })}`;
