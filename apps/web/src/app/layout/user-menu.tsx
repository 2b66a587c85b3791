import { Avatar, Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { currentRankQuery } from '../../features/instructor-documents/api/get-current-rank.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import classes from './header.module.css';
import layout from './layout.module.css';

/**
 * Login and sign-up for visitors; the user's avatar and name with my page and logout once logged in.
 * A small disclosure (not a positioned popover library) keeps the first page light.
 */
export function UserMenu() {
  const { t } = useI18n();
  const { isLoggedIn, user, signOut } = useAuth();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  // Only a user whose rank has a level gets the instructor documents link.
  // A local holding's account (host) has no member pages: its menu is the host view and logout (decision 041).
  const isHost = user?.role === 'host';
  const rank = useQuery({ ...currentRankQuery(), enabled: isLoggedIn && user !== null && !isHost });
  const hasLevel = isLoggedIn && rank.data?.level != null;
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!isLoggedIn) {
    return (
      <div className={classes.userActions}>
        <Button component={Link} to="/login" variant="default" size="sm" className={classes.userAction}>
          {t.nav.login}
        </Button>
        <Button component={Link} to="/register" size="sm" className={classes.userAction}>
          {t.nav.register}
        </Button>
      </div>
    );
  }
  const name = user ? `${user.last_name} ${user.first_name}` : '';
  return (
    <div ref={rootRef} className={classes.userMenu}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        data-testid="user-menu"
        className={`${layout.unstyledButton} ${classes.userButton} ${layout.focusRing}`}
      >
        <span className={classes.userButtonInner}>
          <Avatar
            src={user?.avatar ?? null}
            alt=""
            radius="xl"
            size={36}
            color="rose"
            aria-hidden
            data-user-content
          >
            {user?.last_name.slice(0, 1)}
          </Avatar>
          <span
            className={`${classes.userName} ${classes.visibleFromXs}`}
            data-testid="user-name"
            data-user-content
          >
            {name}
          </span>
          <span className="visually-hidden">{t.nav.userMenu}</span>
        </span>
      </button>
      {open ? (
        <ul id={menuId} className={classes.userDropdown}>
          {isHost ? (
            <li>
              <Link to="/host" onClick={() => setOpen(false)} className={classes.userItem}>
                {t.nav.host}
              </Link>
            </li>
          ) : (
            <>
              <li>
                <Link to="/my-page/activities" onClick={() => setOpen(false)} className={classes.userItem}>
                  {t.nav.myPage}
                </Link>
              </li>
              <li>
                <Link to="/store" onClick={() => setOpen(false)} className={classes.userItem}>
                  {t.shop.navLink}
                </Link>
              </li>
              <li>
                <Link to="/order-history" onClick={() => setOpen(false)} className={classes.userItem}>
                  {t.payments.orders.title}
                </Link>
              </li>
            </>
          )}
          {hasLevel ? (
            <li>
              <Link to="/instructor-document" onClick={() => setOpen(false)} className={classes.userItem}>
                {t.nav.instructorDocs}
              </Link>
            </li>
          ) : null}
          {user?.role === 'office' ? (
            <li>
              <Link to="/office" onClick={() => setOpen(false)} className={classes.userItem}>
                {t.nav.office}
              </Link>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              className={classes.userItem}
              onClick={() => {
                setOpen(false);
                void signOut();
              }}
            >
              {t.nav.logout}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
