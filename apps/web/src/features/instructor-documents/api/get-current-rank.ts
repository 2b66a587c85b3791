import { api } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/**
 * The caller's current rank (level null without one). Shared by the user menu (whether to show
 * インストラクター資料) and the instructor document pages (which send a user without a level to /404).
 * Under ['users'], so signing out (or another login) drops it.
 */
export const currentRankQuery = () =>
  queryOptions({
    queryKey: ['users', 'current-rank'],
    queryFn: () => call(api.instructorDocuments.currentRank),
    staleTime: 5 * 60 * 1000,
  });
