/** The seminar information page (spec 001 §7: GET and update /seminar_info; the update is office-pages'). */
export { getSeminarInfoPage } from './seminar-info.service.ts';
export { registerSeminarInfo } from './seminar-info.routes.ts';
