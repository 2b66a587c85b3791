import { z } from 'zod';
import {
  activityCertificateSchema,
  activityTrainingSchema,
  activityTrainingsQuerySchema,
  legacyHistorySchema,
} from '../schemas/activity.ts';
import { defineArea } from './define.ts';

export const activity = defineArea('activity', {
  trainings: { query: activityTrainingsQuerySchema, data: activityTrainingSchema },
  certificates: { data: z.array(activityCertificateSchema) },
  userCertificates: { data: z.array(activityCertificateSchema) },
  legacy: { data: z.array(legacyHistorySchema) },
});
