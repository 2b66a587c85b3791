import { useNavigate } from 'react-router';
import { SearchForm } from '../../../features/search/search-form.tsx';
import { EMPTY_FILTERS, searchResultUrl } from '../../../features/search/search-params.ts';

/** The home page's session search (its calendars load when a date field is first used). */
export function HomeSearch() {
  const navigate = useNavigate();
  return (
    <SearchForm initial={EMPTY_FILTERS} onSearch={(filters) => void navigate(searchResultUrl(filters))} />
  );
}
