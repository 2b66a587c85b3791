import type { Deps } from '../../plugins/deps.ts';
import { getSeminarInfo } from './seminar-info.repository.ts';

/** The seminar information page as GET /seminar_info answers it, or undefined when there is none. */
export async function getSeminarInfoPage(deps: Pick<Deps, 'db' | 'config'>) {
  const found = await getSeminarInfo(deps.db);
  if (!found) return undefined;
  return {
    title: found.info.title,
    description: found.info.description,
    admin_login_url: deps.config.seminarAdminUrl,
    contents: found.contents,
  };
}
