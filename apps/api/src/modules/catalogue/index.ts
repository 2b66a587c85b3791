/**
 * The catalogue module's public functions, for the other modules and the demo seed (issue 14: through
 * the index only): a course's lessons are added by the seed through the office's own `addLesson`.
 */
export { addLesson, type LessonInput } from './content.service.ts';
