/**
 * The office's public pages (issue 18, decision 039): news, FAQ, about, flow, seminar information,
 * instructor documents and the editor's images (zod-free; schemas in office-pages.ts).
 */
import { routeTable as r } from './route-table.ts';

const tags = ['office-pages'] as const;
const notFound = { 404: ['NOT_FOUND'] } as const;

/** List, create, read, change and delete of one kind of content, under /office/<path>. */
function crud(path: string, what: string) {
  return {
    list: {
      method: 'GET',
      path: `/office/${path}`,
      auth: 'office',
      list: true,
      summary: `Every ${what}, as the office sees them (hidden and scheduled included)`,
      tags,
    },
    create: {
      method: 'POST',
      path: `/office/${path}`,
      auth: 'office',
      status: 201,
      summary: `Adds a ${what}; its HTML is sanitised (audited)`,
      tags,
    },
    detail: {
      method: 'GET',
      path: `/office/${path}/:id`,
      auth: 'office',
      summary: `One ${what} with its HTML`,
      errors: notFound,
      tags,
    },
    update: {
      method: 'PATCH',
      path: `/office/${path}/:id`,
      auth: 'office',
      summary: `Changes the fields given of a ${what} (audited with before and after)`,
      errors: notFound,
      tags,
    },
    remove: {
      method: 'DELETE',
      path: `/office/${path}/:id`,
      auth: 'office',
      summary: `Deletes a ${what} (audited with what it held)`,
      errors: notFound,
      tags,
    },
  } as const;
}

const reorder = (path: string, what: string) =>
  ({
    method: 'POST',
    path: `/office/${path}/reorder`,
    auth: 'office',
    summary: `Puts the ${what} in the order given (every id once; audited)`,
    tags,
  }) as const;

export const officePagesRoutes = {
  officeNews: r(crud('news', 'news item')),
  officeFaqs: r({ ...crud('faqs', 'FAQ item'), reorder: reorder('faqs', 'FAQ items') }),
  officeAbouts: r({ ...crud('abouts', 'about tab'), reorder: reorder('abouts', 'tabs of /about') }),
  officeFlows: r({ ...crud('flows', 'flow page item'), reorder: reorder('flows', 'flow page items') }),
  officeInstructorDocuments: r(crud('instructor-documents', 'instructor document')),
  officePages: r({
    options: {
      method: 'GET',
      path: '/office/pages/options',
      auth: 'office',
      summary: 'What the content forms choose from: news and document categories, rank levels',
      tags,
    },
    preview: {
      method: 'POST',
      path: '/office/pages/preview',
      auth: 'office',
      summary: 'The HTML as the public pages will show it (sanitised; writes nothing)',
      tags,
    },
    uploadImage: {
      method: 'POST',
      path: '/office/pages/images',
      auth: 'office',
      status: 201,
      consumes: 'multipart/form-data',
      summary:
        'Stores an image for the editor (JPEG, PNG or GIF by its bytes, at most 5 MB; re-encoded; audited)',
      tags,
    },
    seminarInfoUpdate: {
      method: 'PUT',
      path: '/seminar_info',
      auth: 'office',
      summary: 'Updates the seminar information page: title, description, its three contents (audited)',
      tags,
    },
  }),
  contentImages: r({
    get: {
      method: 'GET',
      path: '/content-images/:file',
      auth: 'public',
      file: 'image/*',
      summary: 'An image uploaded for the pages (public, cached: a name never changes its bytes)',
      errors: notFound,
      tags,
    },
  }),
};
