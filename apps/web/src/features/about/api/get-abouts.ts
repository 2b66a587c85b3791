import { api } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const aboutTypesQuery = () =>
  queryOptions({
    queryKey: ['abouts', 'types'],
    queryFn: () => call(api.abouts.types).then((r) => r.data),
  });

export const aboutQuery = (id: number) =>
  queryOptions({ queryKey: ['abouts', id], queryFn: () => call(api.abouts.detail, { params: { id } }) });
