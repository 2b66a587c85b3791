/**
 * The catalogue module's public functions, for the other modules and the demo seed (issue 14: through
 * the index only): the seed creates its courses, sessions and lessons through the office's own
 * `addCourse`, `addSession`, `markSessionCancelled` and `addLesson`.
 */
export { addCourse, addSession, markSessionCancelled } from './catalogue.service.ts';
export { addLesson, type LessonInput } from './content.service.ts';
