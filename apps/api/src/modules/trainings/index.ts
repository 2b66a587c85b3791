/**
 * The trainings module's public types, for the other modules (issue 14: through the index only): the
 * JSON shapes of the step history and user-type windows its card queries build (the activity list
 * builds the same).
 */
export type { RawStep, RawUserTypeWindow } from './trainings.repository.ts';
