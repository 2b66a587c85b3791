import { api, type Language } from '@mels/domain';
import { type ReactNode, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { call } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { mainNavItems } from '../nav-items.ts';
import classes from './header.module.css';
import layout from './layout.module.css';
import { UserMenu } from './user-menu.tsx';

function Logo() {
  const { t } = useI18n();
  return (
    <Link to="/" className={`${classes.logo} ${layout.focusRing}`}>
      {/* Inline (the favicon's drawing): drawn with the header, with no image to decode when React
          draws over the prerendered page (an <img> blinked blank for a frame). */}
      <svg viewBox="0 0 64 64" width={36} height={36} aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#b8325e" />
        <path d="M32 50S14 39 14 26a9 9 0 0 1 18-3 9 9 0 0 1 18 3c0 13-18 24-18 24z" fill="#fff" />
        <path
          d="M22 30h7l3-6 4 12 3-6h5"
          fill="none"
          stroke="#b8325e"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div>
        <span className={`${classes.logoTitle} ${classes.visibleFromXs}`}>{t.app.name}</span>
        <span className={`${classes.logoTitle} ${classes.logoShort}`}>{t.app.shortName}</span>
        <span className={classes.logoSub}>{t.app.association}</span>
      </div>
    </Link>
  );
}

/**
 * The language switch: two radios drawn as a segmented control, in plain CSS (Mantine's SegmentedControl
 * and its moving indicator were about 2 KB gzip of every first visit; decision 049).
 */
function LanguageSwitch() {
  const { lang, setLang, t } = useI18n();
  const { token } = useAuth();
  const name = useId();
  const choose = (value: Language) => {
    setLang(value);
    // A member's mails follow the language chosen here (best effort: the switch works offline too).
    if (token) {
      const form = new FormData();
      form.append('language', value);
      call(api.users.update, { body: form }).catch(() => undefined);
    }
  };
  const options: { value: Language; label: ReactNode }[] = [
    // The language's own name, in that language (lang="ja": read as Japanese, kept in the English interface).
    { value: 'ja', label: <span lang="ja">日本語</span> },
    { value: 'en', label: 'English' },
  ];
  return (
    <div role="radiogroup" aria-label={t.app.language} className={classes.language}>
      {options.map((option) => (
        <label key={option.value} className={classes.languageOption}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={lang === option.value}
            onChange={() => choose(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

type NavItem = ReturnType<typeof mainNavItems>[number];

/** A main navigation link, marked as the current section except on the paths its item excludes. */
function MainNavLink({
  item,
  className,
  onClick,
}: {
  item: NavItem;
  className: string | undefined;
  onClick?: () => void;
}) {
  const { pathname } = useLocation();
  if (item.notOn?.test(pathname)) {
    return (
      <Link to={item.to} className={className} onClick={onClick}>
        {item.label}
      </Link>
    );
  }
  return (
    <NavLink to={item.to} end={item.end} className={className} onClick={onClick}>
      {item.label}
    </NavLink>
  );
}

export function Header() {
  const { t } = useI18n();
  const [opened, setOpened] = useState(false);
  const items = mainNavItems(t);
  return (
    <header className={classes.header}>
      <div className={`${layout.container} ${classes.top}`}>
        <Logo />
        <div className={classes.actions}>
          <div className={classes.visibleFromMd}>
            <LanguageSwitch />
          </div>
          <UserMenu />
          {/* Mantine's Burger at size sm, as a plain button (decision 057). */}
          <button
            type="button"
            className={`${layout.unstyledButton} ${classes.burger} ${classes.hiddenFromMd} ${layout.focusRing}`}
            onClick={() => setOpened((v) => !v)}
            aria-label={t.app.menu}
            aria-expanded={opened}
            aria-controls="mobile-nav"
          >
            <span className={classes.burgerLines} data-opened={opened || undefined} />
          </button>
        </div>
      </div>
      <nav aria-label={t.nav.mainNavigation} className={`${classes.navBar} ${classes.visibleFromMd}`}>
        <div className={layout.container}>
          <ul className={classes.navList}>
            {items.map((item) => (
              <li key={item.to}>
                <MainNavLink item={item} className={classes.navLink} />
              </li>
            ))}
          </ul>
        </div>
      </nav>
      {opened ? (
        <nav
          id="mobile-nav"
          aria-label={t.nav.mainNavigation}
          className={`${classes.mobileNav} ${classes.hiddenFromMd}`}
        >
          <ul className={classes.mobileList}>
            {items.map((item) => (
              <li key={item.to}>
                <MainNavLink item={item} className={classes.drawerLink} onClick={() => setOpened(false)} />
              </li>
            ))}
          </ul>
          <div className={classes.mobileLanguage}>
            <LanguageSwitch />
          </div>
        </nav>
      ) : null}
    </header>
  );
}
