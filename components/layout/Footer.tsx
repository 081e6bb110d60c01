import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import type { Tag } from '@/lib/contracts/catalogue';
import { formatPesos } from '@/lib/money';
import { CONTACT, whatsappUrl } from '@/lib/seo/business';
import { Container } from '@/components/ui/Container';
import { ChatIcon, ClockIcon, InstagramIcon, MailIcon, PinIcon } from '@/components/ui/icons';
import { Logo } from './Logo';
import type { MenuCategory } from './MobileMenu';
import { navItems } from './nav-items';
import styles from './Footer.module.css';

export interface FooterProps {
  minOrderPrice: number;
  minLocalPrice: number;
  tags: Tag[];
  categories: MenuCategory[];
}

/** True for a site-relative URL ("/products?query=velas"), which goes through the locale-aware Link. */
function isInternal(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** A headed column of the footer (a block, not a landmark: see the note in Footer). */
function FooterColumn({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Footer (spec §1): minimum order and minimum local (pickup) price with 0 decimals, contact links,
 * opening hours, credits, the shop's search keywords (visible) and the popular search tags (api/tags).
 */
export async function Footer({ minOrderPrice, minLocalPrice, tags, categories }: FooterProps) {
  const t = await getTranslations('common');
  const nav = await getTranslations('common.nav');
  // the top bar's public pages but home, and the terms
  const info = [
    ...navItems(false)
      .filter((item) => item.key !== 'home')
      .map((item) => ({ href: item.href, label: nav(item.key) })),
    { href: '/terms-and-conditions', label: t('footer.terms') },
  ];
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <Container className={styles.grid}>
        {/* Footer columns are headed blocks, not landmarks (the <footer> is one): named, "Horarios de
            atención" duplicated the about/FAQ page's own region of the same name (html-validate unique-landmark). */}
        <section className={styles.brand}>
          <h2 id="footer-about" className="visually-hidden">
            {t('footer.aboutTitle')}
          </h2>
          <Logo tone="light" tagline={t('tagline')} />
          <p className={styles.about}>{t('footer.about')}</p>
          <div className={styles.minimums}>
            <h3 className={styles.minTitle}>{t('footer.minimumsTitle')}</h3>
            <p className={styles.minLine}>{t('footer.minOrder', { price: formatPesos(minOrderPrice, { decimals: 0 }) })}</p>
            <p className={styles.minLine}>{t('footer.minLocal', { price: formatPesos(minLocalPrice, { decimals: 0 }) })}</p>
          </div>
        </section>

        <FooterColumn id="footer-contact" title={t('footer.contactTitle')}>
          <ul className={styles.list}>
            <li>
              <a
                className={styles.iconLink}
                href={whatsappUrl()}
                rel="noopener noreferrer"
                target="_blank"
              >
                <ChatIcon />
                {t('footer.whatsapp', { number: CONTACT.whatsappDisplay })}
              </a>
            </li>
            <li>
              <a className={styles.iconLink} href={`mailto:${CONTACT.email}`}>
                <MailIcon />
                {CONTACT.email}
              </a>
            </li>
            <li>
              <a className={styles.iconLink} href={CONTACT.instagramUrl} rel="noopener noreferrer" target="_blank">
                <InstagramIcon />
                {t('footer.instagram', { handle: CONTACT.instagramHandle })}
              </a>
            </li>
            <li className={styles.iconLine}>
              <PinIcon />
              <span>
                {CONTACT.street}, {CONTACT.city}
              </span>
            </li>
          </ul>
        </FooterColumn>

        <FooterColumn id="footer-hours" title={t('footer.hoursTitle')}>
          <ul className={styles.list}>
            <li className={styles.iconLine}>
              <ClockIcon />
              <span>{t('footer.weekdays')}</span>
            </li>
            <li className={styles.plainLine}>{t('footer.saturday')}</li>
            <li className={styles.plainLine}>{t('footer.sunday')}</li>
          </ul>
          <h2 className={`${styles.title} ${styles.spaced}`}>{t('footer.infoTitle')}</h2>
          <ul className={styles.list}>
            {info.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </FooterColumn>

        {categories.length > 0 ? (
          <FooterColumn id="footer-categories" title={t('footer.categoriesTitle')}>
            <ul className={styles.list}>
              {categories.slice(0, 12).map((c) => (
                <li key={c.slug}>
                  <Link href={`/${c.slug}`}>{c.name}</Link>
                </li>
              ))}
            </ul>
          </FooterColumn>
        ) : null}
      </Container>

      {tags.length > 0 ? (
        <Container as="section" className={styles.tags} aria-labelledby="footer-tags">
          <h2 id="footer-tags" className={styles.title}>
            {t('footer.tagsTitle')}
          </h2>
          <ul className={styles.tagList}>
            {tags.map((tag) => (
              <li key={tag.id}>
                {isInternal(tag.url) ? (
                  <Link href={tag.url} className={styles.tag}>
                    {tag.name}
                  </Link>
                ) : (
                  <a href={tag.url} className={styles.tag}>
                    {tag.name}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </Container>
      ) : null}

      <div className={styles.bottom}>
        <Container className={styles.bottomInner}>
          <p>{t('footer.rights', { year })}</p>
          <p>{t('footer.credits')}</p>
          {/* The spec's search keywords, shown: hidden text placed for ranking is spam to Google and noise to
              screen readers (docs/adr/0006-hidden-keywords.md). Also in <meta name="keywords"> (app/[locale]/layout). */}
          <p className={styles.keywords}>
            {t('footer.keywordsLead')} {t('footer.keywords')}
          </p>
        </Container>
      </div>
    </footer>
  );
}
