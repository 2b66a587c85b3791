/** The BI certification request module's public functions (issue 14: through the index only): its routes. */
export { registerInstructorRequests } from './instructor-requests.routes.ts';
