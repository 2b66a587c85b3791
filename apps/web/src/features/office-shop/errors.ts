import { ApiRequestError } from '../../lib/api-client.ts';

/** The server's field messages ('attributes.0.value' → its messages), empty for any other failure. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  return error instanceof ApiRequestError ? error.errors : {};
}

/** The failure's message (the server's, in the interface's language), or the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError ? error.message : fallback;
}
