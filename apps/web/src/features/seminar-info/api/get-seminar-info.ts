import { api } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const seminarInfoQuery = () =>
  queryOptions({ queryKey: ['seminar-info'], queryFn: () => call(api.seminarInfo.get) });
