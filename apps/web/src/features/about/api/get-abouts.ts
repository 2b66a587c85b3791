import type { About, AboutType } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiData, apiList } from '../../../lib/api-client.ts';

export const aboutTypesQuery = () =>
  queryOptions({
    queryKey: ['abouts', 'types'],
    queryFn: () => apiList<AboutType>('/abouts/types').then((r) => r.data),
  });

export const aboutQuery = (id: number) =>
  queryOptions({ queryKey: ['abouts', id], queryFn: () => apiData<About>(`/abouts/${id}`) });
