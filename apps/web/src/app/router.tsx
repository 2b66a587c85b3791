import {
  matchRoutes,
  UNSAFE_createBrowserHistory,
  UNSAFE_createRouter,
  UNSAFE_hydrationRouteProperties,
  UNSAFE_mapRouteProperties,
  type RouteObject,
} from 'react-router';
import { RequireAuth } from '../lib/auth/require-auth.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { AuthRoot } from './auth/auth-root.tsx';
import { RouteError } from './route-error.tsx';
import { RouteFallback } from './route-fallback.tsx';

/** The mark of the routes that RequireAuth guards (see needsLoginFirst). */
const LOGIN_REQUIRED = { loginRequired: true } as const;

/**
 * Every page is split into its own chunk and loaded when first visited. The app is first drawn once the
 * first page's chunk is there (main.tsx); until then the browser shows the HTML prerendered at build time
 * (scripts/prerender.mjs): the home page, or the layout with RouteFallback in the page's place, which is
 * also what the pathless route under the layout shows (its HydrateFallback).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AuthRoot />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        HydrateFallback: RouteFallback,
        children: [
          {
            index: true,
            lazy: () => import('./pages/home/home-page.tsx').then((m) => ({ Component: m.HomePage })),
          },
          {
            path: 'news',
            lazy: () =>
              import('../features/news/news-list-page.tsx').then((m) => ({ Component: m.NewsListPage })),
          },
          {
            path: 'news/:id/:typeId?',
            lazy: () =>
              import('../features/news/news-detail-page.tsx').then((m) => ({ Component: m.NewsDetailPage })),
          },
          {
            path: 'faq',
            lazy: () => import('../features/faq/faq-page.tsx').then((m) => ({ Component: m.FaqPage })),
          },
          {
            path: 'about',
            lazy: () => import('../features/about/about-page.tsx').then((m) => ({ Component: m.AboutPage })),
          },
          {
            path: 'flow',
            lazy: () => import('../features/flow/flow-page.tsx').then((m) => ({ Component: m.FlowPage })),
          },
          {
            path: 'seminar-info',
            lazy: () =>
              import('../features/seminar-info/seminar-info-page.tsx').then((m) => ({
                Component: m.SeminarInfoPage,
              })),
          },
          {
            path: 'tokusho',
            lazy: () =>
              import('../features/legal/tokusho-page.tsx').then((m) => ({ Component: m.TokushoPage })),
          },
          {
            path: 'privacy-policy',
            lazy: () =>
              import('../features/legal/privacy-policy-page.tsx').then((m) => ({
                Component: m.PrivacyPolicyPage,
              })),
          },
          {
            path: 'search-result',
            lazy: () =>
              import('../features/search/search-result-page.tsx').then((m) => ({
                Component: m.SearchResultPage,
              })),
          },
          {
            path: 'course/:id',
            lazy: () =>
              import('../features/courses/course-page.tsx').then((m) => ({ Component: m.CoursePage })),
          },
          {
            path: 'contact-us',
            lazy: () =>
              import('../features/contact/contact-page.tsx').then((m) => ({ Component: m.ContactPage })),
          },
          {
            path: 'seminar-register',
            lazy: () =>
              import('../features/seminar-register/seminar-register-page.tsx').then((m) => ({
                Component: m.SeminarRegisterPage,
              })),
          },
          {
            path: 'login',
            lazy: () =>
              import('../features/account/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: 'register',
            lazy: () =>
              import('../features/account/register/register-page.tsx').then((m) => ({
                Component: m.RegisterPage,
              })),
          },
          {
            path: 'register-confirm',
            lazy: () =>
              import('../features/account/register/register-confirm-page.tsx').then((m) => ({
                Component: m.RegisterConfirmPage,
              })),
          },
          {
            path: 'register/complete',
            lazy: () =>
              import('../features/account/register/register-complete-page.tsx').then((m) => ({
                Component: m.RegisterCompletePage,
              })),
          },
          {
            path: 'forgot-password',
            lazy: () =>
              import('../features/account/forgot-password-page.tsx').then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          },
          {
            path: 'forgot-password/:token',
            lazy: () =>
              import('../features/account/reset-password-page.tsx').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
          {
            path: 'store/:id',
            lazy: () =>
              import('../features/shop/product-page.tsx').then((m) => ({ Component: m.ProductPage })),
          },
          {
            path: 'cart',
            lazy: () => import('../features/shop/cart-page.tsx').then((m) => ({ Component: m.CartPage })),
          },
          {
            path: 'email-change/:token',
            lazy: () =>
              import('../features/account/email-change-page.tsx').then((m) => ({
                Component: m.EmailChangePage,
              })),
          },
          {
            path: 'verify/performance/:code',
            lazy: () =>
              import('../features/instructor/performance-verify-page.tsx').then((m) => ({
                Component: m.PerformanceVerifyPage,
              })),
          },
          {
            path: 'verify/:code',
            lazy: () => import('./pages/verify-page.tsx').then((m) => ({ Component: m.VerifyPage })),
          },
          {
            element: <RequireAuth />,
            handle: LOGIN_REQUIRED,
            children: [
              {
                path: 'host',
                lazy: () => import('../features/host/host-page.tsx').then((m) => ({ Component: m.HostPage })),
              },
              {
                path: 'host/trainings/:id',
                lazy: () =>
                  import('../features/host/host-roster-page.tsx').then((m) => ({
                    Component: m.HostRosterPage,
                  })),
              },
              {
                path: 'my-page',
                lazy: () => import('./pages/my-page.tsx').then((m) => ({ Component: m.MyPage })),
              },
              {
                path: 'my-page/:tab',
                lazy: () => import('./pages/my-page.tsx').then((m) => ({ Component: m.MyPage })),
              },
              {
                path: 'store',
                lazy: () =>
                  import('../features/shop/store-page.tsx').then((m) => ({ Component: m.StorePage })),
              },
              {
                path: 'certificate',
                lazy: () =>
                  import('../features/certificate-claim/claim-start-page.tsx').then((m) => ({
                    Component: m.CertificateClaimPage,
                  })),
              },
              {
                path: 'certificate/:courseId/:type/basic-instructor/request-certificate',
                lazy: () =>
                  import('../features/instructor-request/request-start.tsx').then((m) => ({
                    Component: m.BiRequestStartPage,
                  })),
              },
              {
                path: 'certificate/:courseId/:type/basic-instructor/request-certificate/:requestId',
                lazy: () =>
                  import('./pages/bi-request-page.tsx').then((m) => ({ Component: m.BiRequestPage })),
              },
              // The certificate renewal (spec 001 §2; decision 034).
              {
                path: 'certificate/:courseId/:type/basic-instructor/extend/:certificateId',
                lazy: () =>
                  import('../features/renewal/renewal-start.tsx').then((m) => ({
                    Component: m.RenewalStartPage,
                  })),
              },
              {
                path: 'certificate/:courseId/:type/basic-instructor/extend/:certificateId/:requestId/payment',
                lazy: () =>
                  import('./pages/renewal-payment-page.tsx').then((m) => ({
                    Component: m.RenewalPaymentPage,
                  })),
              },
              {
                path: 'certificate/:courseId/:type/basic-instructor/extend/:certificateId/:requestId/session',
                lazy: () =>
                  import('../features/renewal/renewal-session.tsx').then((m) => ({
                    Component: m.RenewalSessionPage,
                  })),
              },
              {
                path: 'certificate/:courseId/:type/basic-instructor/extend/:certificateId/:requestId/session/prevideo',
                lazy: () =>
                  import('../features/renewal/renewal-videos.tsx').then((m) => ({
                    Component: m.RenewalVideosPage,
                  })),
              },
              {
                path: 'certificate/:courseId/:type/basic-instructor/extend/:certificateId/:requestId/session/posttest',
                lazy: () =>
                  import('../features/renewal/renewal-test.tsx').then((m) => ({
                    Component: m.RenewalTestPage,
                  })),
              },
              {
                path: 'certificate/:courseId/:type/basic-instructor/extend/:certificateId/:requestId/certificate',
                lazy: () =>
                  import('../features/renewal/renewal-certificate.tsx').then((m) => ({
                    Component: m.RenewalCertificatePage,
                  })),
              },
              {
                path: 'certificate/:courseId/:type/basic-instructor/:code',
                lazy: () =>
                  import('../features/instructor-request/request-start.tsx').then((m) => ({
                    Component: m.BiRequestCodePage,
                  })),
              },
              {
                path: 'certificate/:courseId/:type',
                lazy: () =>
                  import('./pages/claim-step-page.tsx').then((m) => ({
                    Component: m.ClaimStepPage,
                  })),
              },
              {
                path: 'instructor-document',
                lazy: () =>
                  import('../features/instructor-documents/instructor-documents-page.tsx').then((m) => ({
                    Component: m.InstructorDocumentsPage,
                  })),
              },
              {
                path: 'instructor-document/:id',
                lazy: () =>
                  import('../features/instructor-documents/instructor-document-page.tsx').then((m) => ({
                    Component: m.InstructorDocumentPage,
                  })),
              },
              {
                path: 'cart/payment',
                lazy: () => import('./pages/checkout-page.tsx').then((m) => ({ Component: m.CheckoutPage })),
              },
              {
                path: 'order-history',
                lazy: () =>
                  import('../features/orders/order-history-page.tsx').then((m) => ({
                    Component: m.OrderHistoryPage,
                  })),
              },
              {
                path: 'session/:id/:typeId/payment',
                lazy: () =>
                  import('./pages/course-fee-payment-page.tsx').then((m) => ({
                    Component: m.CourseFeePaymentPage,
                  })),
              },
              {
                path: 'check-in/:token',
                lazy: () =>
                  import('../features/office/office-check-in-page.tsx').then((m) => ({
                    Component: m.CheckInLink,
                  })),
              },
              {
                path: 'session/:id/:typeId',
                lazy: () =>
                  import('../features/session/session-page.tsx').then((m) => ({ Component: m.SessionPage })),
              },
              {
                path: 'session/:id/:typeId/application',
                lazy: () =>
                  import('../features/session/application-page.tsx').then((m) => ({
                    Component: m.ApplicationPage,
                  })),
              },
              {
                path: 'session/:id/:typeId/agreement',
                lazy: () =>
                  import('./pages/agreement-page.tsx').then((m) => ({
                    Component: m.AgreementPage,
                  })),
              },
              {
                path: 'office',
                lazy: () =>
                  import('../features/office/office-layout.tsx').then((m) => ({ Component: m.OfficeLayout })),
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('../features/office/office-dashboard-page.tsx').then((m) => ({
                        Component: m.OfficeDashboardPage,
                      })),
                  },
                  {
                    path: 'trainings',
                    lazy: () =>
                      import('./pages/office-trainings-page.tsx').then((m) => ({
                        Component: m.OfficeTrainingsPage,
                      })),
                  },
                  {
                    path: 'trainings/:id',
                    lazy: () =>
                      import('../features/office/office-training-page.tsx').then((m) => ({
                        Component: m.OfficeTrainingPage,
                      })),
                  },
                  {
                    path: 'courses',
                    lazy: () =>
                      import('../features/office-catalogue/courses-page.tsx').then((m) => ({
                        Component: m.CoursesPage,
                      })),
                  },
                  {
                    path: 'courses/:id',
                    lazy: () =>
                      import('./pages/office-course-edit-page.tsx').then((m) => ({
                        Component: m.OfficeCourseEditPage,
                      })),
                  },
                  {
                    path: 'shop',
                    lazy: () =>
                      import('../features/office-shop/shop-page.tsx').then((m) => ({
                        Component: m.ShopPage,
                      })),
                  },
                  {
                    path: 'shop/products/:id',
                    lazy: () =>
                      import('../features/office-shop/product-edit-page.tsx').then((m) => ({
                        Component: m.ProductEditPage,
                      })),
                  },
                  {
                    path: 'sessions',
                    lazy: () =>
                      import('../features/office-catalogue/sessions-page.tsx').then((m) => ({
                        Component: m.SessionsPage,
                      })),
                  },
                  {
                    path: 'sessions/:id',
                    lazy: () =>
                      import('../features/office-catalogue/session-edit-page.tsx').then((m) => ({
                        Component: m.SessionEditPage,
                      })),
                  },
                  {
                    path: 'cancel-requests',
                    lazy: () =>
                      import('../features/office/office-cancel-requests-page.tsx').then((m) => ({
                        Component: m.OfficeCancelRequestsPage,
                      })),
                  },
                  {
                    path: 'payments',
                    lazy: () =>
                      import('../features/office/office-payments-page.tsx').then((m) => ({
                        Component: m.OfficePaymentsPage,
                      })),
                  },
                  {
                    path: 'instructor-requests',
                    lazy: () =>
                      import('../features/instructor-request/office-bi-requests.tsx').then((m) => ({
                        Component: m.OfficeBiRequestsPage,
                      })),
                  },
                  {
                    path: 'instructor-requests/:id',
                    lazy: () =>
                      import('../features/instructor-request/office-bi-requests.tsx').then((m) => ({
                        Component: m.OfficeBiRequestPage,
                      })),
                  },
                  {
                    path: 'check-in',
                    lazy: () =>
                      import('../features/office/office-check-in-page.tsx').then((m) => ({
                        Component: m.OfficeCheckInPage,
                      })),
                  },
                  {
                    path: 'rank-up-requests',
                    lazy: () =>
                      import('../features/instructor/office-rank-ups-page.tsx').then((m) => ({
                        Component: m.OfficeRankUpsPage,
                      })),
                  },
                  {
                    path: 'contacts',
                    lazy: () =>
                      import('../features/office-inbox/contacts-page.tsx').then((m) => ({
                        Component: m.ContactsPage,
                      })),
                  },
                  {
                    path: 'contacts/:id',
                    lazy: () =>
                      import('../features/office-inbox/contact-page.tsx').then((m) => ({
                        Component: m.ContactPage,
                      })),
                  },
                  {
                    path: 'outbox',
                    lazy: () =>
                      import('../features/office-inbox/outbox-page.tsx').then((m) => ({
                        Component: m.OutboxPage,
                      })),
                  },
                  {
                    path: 'audit',
                    lazy: () =>
                      import('../features/office-audit/audit-page.tsx').then((m) => ({
                        Component: m.AuditPage,
                      })),
                  },
                  {
                    path: 'expiries',
                    lazy: () =>
                      import('../features/office-expiries/expiries-page.tsx').then((m) => ({
                        Component: m.ExpiriesPage,
                      })),
                  },
                  {
                    path: 'renewals/:id',
                    lazy: () =>
                      import('../features/office-expiries/renewal-page.tsx').then((m) => ({
                        Component: m.RenewalPage,
                      })),
                  },
                  {
                    path: 'content',
                    lazy: () =>
                      import('../features/office-pages/content-page.tsx').then((m) => ({
                        Component: m.ContentPage,
                      })),
                  },
                  {
                    path: 'content/:kind/:id',
                    lazy: () =>
                      import('../features/office-pages/content-edit-page.tsx').then((m) => ({
                        Component: m.ContentEditPage,
                      })),
                  },
                  {
                    path: 'local-holdings',
                    lazy: () =>
                      import('../features/office/office-local-holdings-page.tsx').then((m) => ({
                        Component: m.OfficeLocalHoldingsPage,
                      })),
                  },
                  {
                    path: 'staff',
                    lazy: () =>
                      import('../features/office/office-staff-page.tsx').then((m) => ({
                        Component: m.OfficeStaffPage,
                      })),
                  },
                  {
                    path: 'members',
                    lazy: () =>
                      import('../features/office-members/members-page.tsx').then((m) => ({
                        Component: m.MembersPage,
                      })),
                  },
                  {
                    path: 'members/:id',
                    lazy: () =>
                      import('../features/office-members/member-page.tsx').then((m) => ({
                        Component: m.MemberPage,
                      })),
                  },
                  {
                    path: 'outbox/:id',
                    lazy: () =>
                      import('../features/office-inbox/outbox-mail-page.tsx').then((m) => ({
                        Component: m.OutboxMailPage,
                      })),
                  },
                  {
                    path: 'check-in/:token',
                    lazy: () =>
                      import('../features/office/office-check-in-page.tsx').then((m) => ({
                        Component: m.OfficeCheckInPage,
                      })),
                  },
                ],
              },
              {
                path: 'session/:id/:typeId/prevideo',
                lazy: () =>
                  import('../features/session/pre-video-page.tsx').then((m) => ({
                    Component: m.PreVideoPage,
                  })),
              },
              {
                path: 'session/:id/:typeId/pretest',
                lazy: () =>
                  import('../features/session/quiz-page.tsx').then((m) => ({ Component: m.PreTestPage })),
              },
              {
                path: 'session/:id/:typeId/posttest',
                lazy: () =>
                  import('../features/session/quiz-page.tsx').then((m) => ({ Component: m.PostTestPage })),
              },
              {
                path: 'session/:id/:typeId/certificate',
                lazy: () =>
                  import('../features/session/certificate-page.tsx').then((m) => ({
                    Component: m.CertificatePage,
                  })),
              },
              {
                path: 'session/:id/:typeId/surveyComplete',
                lazy: () =>
                  import('../features/session/certificate-page.tsx').then((m) => ({
                    Component: m.SurveyCompletePage,
                  })),
              },
              {
                path: 'session/:id/:typeId/ticket',
                lazy: () =>
                  import('../features/session/ticket-page.tsx').then((m) => ({ Component: m.TicketPage })),
              },
            ],
          },
          { path: '404', element: <NotFoundPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * The pages visitors land on (and the home page, the index route): their Mantine styles come with the first
 * visit (mantine-styles.ts), and the few others they use with their code (the login form's, rich text's
 * typography), not with the whole stylesheet.
 */
const LANDING_PATHS = new Set([
  'search-result',
  'course/:id',
  'login',
  'register',
  'news',
  'news/:id/:typeId?',
  'faq',
]);
const allMantineStyles = () => import('./mantine-styles-all.ts');

/**
 * Every other page loads Mantine's whole stylesheet with its code (issue 20, decision 047), so a page
 * renders only once the styles of all the components it may use are there.
 */
function withAllStyles(list: RouteObject[]) {
  for (const route of list) {
    const load = route.lazy;
    if (typeof load === 'function' && !route.index && !LANDING_PATHS.has(route.path ?? '')) {
      route.lazy = () => Promise.all([allMantineStyles(), load()]).then(([, loaded]) => loaded);
    }
    if (route.children) withAllStyles(route.children);
  }
}
withAllStyles(routes);

/** Whether a route is the one RequireAuth guards (its pages are below it). */
export const isLoginRequired = (route: RouteObject) => route.handle === LOGIN_REQUIRED;

/** Whether a path is one of the pages RequireAuth sends a visitor away from, to the login. */
export function needsLoginFirst(pathname: string): boolean {
  return (matchRoutes(routes, pathname) ?? []).some(({ route }) => isLoginRequired(route));
}

/**
 * The browser's router, not yet started (main.tsx; the prerender uses `routes` with a static router). It is
 * what createBrowserRouter makes, in two steps a task apart: creating the router ranks the routes and
 * matches the first URL; `initialize()` starts the first navigation (its lazy page, its loaders). Together
 * they were one of the longest tasks of the start on a phone (issue 20, decision 057).
 */
export const createRouter = () =>
  UNSAFE_createRouter({
    history: UNSAFE_createBrowserHistory({ window }),
    routes,
    mapRouteProperties: UNSAFE_mapRouteProperties,
    hydrationRouteProperties: UNSAFE_hydrationRouteProperties,
    window,
  });
