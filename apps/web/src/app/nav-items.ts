import type { Messages } from '@mels/domain';

/** Main navigation; an entry appears only once its page is built. */
export function mainNavItems(t: Messages) {
  return [
    { to: '/', label: t.nav.home, end: true },
    { to: '/news', label: t.nav.news, end: false },
    { to: '/about', label: t.nav.about, end: false },
    { to: '/flow', label: t.nav.flow, end: false },
    { to: '/faq', label: t.nav.faq, end: false },
    { to: '/seminar-info', label: t.nav.seminarInfo, end: false },
    // The instructor's certification request and renewal live under /certificate/… too (spec 001's paths),
    // but they are not the data transfer: that tab is not marked there.
    {
      to: '/certificate',
      label: t.nav.dataTransfer,
      end: false,
      notOn: /\/basic-instructor\/(request-certificate|extend)(\/|$)/,
    },
  ] as { to: string; label: string; end: boolean; notOn?: RegExp }[];
}

export function footerNavItems(t: Messages) {
  return [
    { to: '/privacy-policy', label: t.footer.privacyPolicy },
    { to: '/contact-us', label: t.footer.contact },
    { to: '/tokusho', label: t.footer.tokusho },
    { to: '/store', label: t.shop.navLink },
  ];
}
