/** The BI certification request module's public functions (issue 14: through the index only): its routes, and the recommendation letter template the office replaces (decision 040). */
export { registerInstructorRequests } from './instructor-requests.routes.ts';
export { isDocx, storeTemplate, templateInfo } from './recommendation-template.ts';
