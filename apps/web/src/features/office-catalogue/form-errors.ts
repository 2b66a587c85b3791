import { ApiRequestError } from '../../lib/api-client.ts';

/** The server's field messages ('users_types.0.capacity' → its messages), empty for any other failure. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  return error instanceof ApiRequestError ? error.errors : {};
}

/** The first message of a field, for a Mantine input's `error`. */
export function errorOf(errors: Record<string, string[]>, field: string): string | undefined {
  return errors[field]?.[0];
}

/** The failure's message (the server's, in the interface's language), or the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError ? error.message : fallback;
}
