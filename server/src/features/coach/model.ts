import { AiError, type AiProvider } from '../../ai/provider.js';

/** What the coach needs of the AI provider: a streamed chat, and whether one is configured. */
export type CoachModel = Pick<AiProvider, 'enabled' | 'streamText'>;

/** The message text of an error that is safe to show the user, else undefined. */
export function userFacingMessage(err: unknown): string | undefined {
  return err instanceof AiError ? err.message : undefined;
}
