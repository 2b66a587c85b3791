import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';
import { footerNavItems } from '../nav-items.ts';
import classes from './layout.module.css';

export function Footer() {
  const { t, f } = useI18n();
  return (
    <footer className={classes.footer}>
      <div className={classes.container}>
        <div className={classes.footerStack}>
          <nav aria-label={t.footer.privacyPolicy} className={classes.footerNav}>
            {footerNavItems(t).map((item) => (
              <Link key={item.to} to={item.to} className={`${classes.footerLink} ${classes.focusRing}`}>
                {item.label}
              </Link>
            ))}
          </nav>
          <p className={classes.footerText}>{t.app.association}</p>
          <p className={`${classes.footerText} ${classes.footerSmall}`}>
            {f(t.footer.copyright, `${new Date().getFullYear()} ${t.app.association}`)}
          </p>
        </div>
      </div>
    </footer>
  );
}
