import { z } from 'zod';
import { idParamSchema } from '../schemas/common.ts';
import {
  aboutSchema,
  aboutTypeSchema,
  areaSchema,
  areasQuerySchema,
  faqSchema,
  faqsQuerySchema,
  flowSchema,
  flowsQuerySchema,
  newsDetailSchema,
  newsQuerySchema,
  newsSummarySchema,
  seminarInfoSchema,
  userTypeSchema,
} from '../schemas/content.ts';
import { intField } from '../schemas/common.ts';
import { ja } from '../i18n/index.ts';
import { defineArea } from './define.ts';

export const areas = defineArea('areas', { list: { query: areasQuerySchema, data: areaSchema } });

export const userTypes = defineArea('userTypes', { list: { data: userTypeSchema } });

export const news = defineArea('news', {
  list: { query: newsQuerySchema, data: newsSummarySchema },
  detail: {
    params: idParamSchema,
    query: z.object({ user_type: intField(ja.fields.userType, { min: 1, max: 5 }).optional() }),
    data: newsDetailSchema,
  },
});

export const faqs = defineArea('faqs', { list: { query: faqsQuerySchema, data: faqSchema } });

export const abouts = defineArea('abouts', {
  types: { data: aboutTypeSchema },
  flows: { query: flowsQuerySchema, data: flowSchema },
  detail: { params: idParamSchema, data: aboutSchema },
});

export const seminarInfo = defineArea('seminarInfo', { get: { data: seminarInfoSchema } });
