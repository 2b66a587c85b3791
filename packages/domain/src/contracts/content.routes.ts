/** The public content pages' routes (zod-free; schemas in content.ts). */
import { routeTable as r } from './route-table.ts';

export const contentRoutes = {
  areas: r({
    list: {
      method: 'GET',
      path: '/areas',
      auth: 'public',
      list: true,
      summary: 'Prefectures in JIS code order (id = JIS code)',
    },
  }),
  userTypes: r({
    list: {
      method: 'GET',
      path: '/user_types',
      auth: 'public',
      list: true,
      summary: 'The five user types (spec 000 §9)',
    },
  }),
  news: r({
    list: {
      method: 'GET',
      path: '/news',
      auth: 'public',
      list: true,
      summary: 'Published news, newest first',
    },
    detail: {
      method: 'GET',
      path: '/news/:id',
      auth: 'public',
      summary: 'One published news item with its content',
      errors: { 404: ['NOT_FOUND'] },
    },
  }),
  faqs: r({
    list: {
      method: 'GET',
      path: '/faqs',
      auth: 'public',
      list: true,
      summary: 'Active FAQ items in their order',
    },
  }),
  abouts: r({
    types: {
      method: 'GET',
      path: '/abouts/types',
      auth: 'public',
      list: true,
      summary: 'The tabs of /about',
    },
    flows: {
      method: 'GET',
      path: '/abouts/flows',
      auth: 'public',
      list: true,
      summary: 'The items of the flow page',
    },
    detail: {
      method: 'GET',
      path: '/abouts/:id',
      auth: 'public',
      summary: 'One about section',
      errors: { 404: ['NOT_FOUND'] },
    },
  }),
  seminarInfo: r({
    get: {
      method: 'GET',
      path: '/seminar_info',
      auth: 'public',
      summary: 'The seminar information page',
      errors: { 404: ['NOT_FOUND'] },
    },
  }),
};
