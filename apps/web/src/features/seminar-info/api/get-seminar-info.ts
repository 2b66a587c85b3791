import type { SeminarInfo } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

export const seminarInfoQuery = () =>
  queryOptions({ queryKey: ['seminar-info'], queryFn: () => apiData<SeminarInfo>('/seminar_info') });
