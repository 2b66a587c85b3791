/** The office writes the public pages: news, FAQ, about, flow, seminar info, instructor documents (decision 039). */
export { registerOfficePages } from './office-pages.routes.ts';
