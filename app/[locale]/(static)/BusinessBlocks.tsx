import { Fragment } from 'react';
import { getTranslations } from 'next-intl/server';
import { BANK, CONTACT, whatsappUrl } from '@/lib/seo/business';
import { buttonClassName } from '@/components/ui/Button';
import { ChatIcon, MailIcon } from '@/components/ui/icons';
import styles from './static.module.css';

/** Bank transfer data (demo values from lib/seo/business). */
export async function BankDetails({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const t = await getTranslations('pages.bank');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const rows: [string, string][] = [
    [t('bank'), BANK.bank],
    [t('accountType'), BANK.accountType],
    [t('accountNumber'), BANK.accountNumber],
    [t('accountName'), BANK.accountName],
    [t('cbu'), BANK.cbu],
    [t('alias'), BANK.alias],
  ];
  return (
    <section className={styles.card} aria-labelledby="bank-title">
      <Heading id="bank-title">{t('title')}</Heading>
      <dl className={styles.bank}>
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

/** Opening hours table (spec §1: Mon–Fri 8–17, Sat 8–12, Sun closed). */
export async function OpeningHours({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const t = await getTranslations('pages.hours');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.card} aria-labelledby="hours-title">
      <Heading id="hours-title">{t('title')}</Heading>
      <table className={styles.hoursTable}>
        <tbody>
          <tr>
            <th scope="row">{t('weekdays')}</th>
            <td>{t('weekdaysHours')}</td>
          </tr>
          <tr>
            <th scope="row">{t('saturday')}</th>
            <td>{t('saturdayHours')}</td>
          </tr>
          <tr>
            <th scope="row">{t('sunday')}</th>
            <td>{t('closed')}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

/** "Any other question?" block with WhatsApp and e-mail buttons. */
export async function ContactBlock() {
  const t = await getTranslations('pages.contact');
  return (
    <section className={`${styles.card} ${styles.accentCard} ${styles.section}`} aria-labelledby="contact-title">
      <h2 id="contact-title">{t('title')}</h2>
      <p>{t('text')}</p>
      <div className={styles.contactActions}>
        <a href={whatsappUrl()} className={buttonClassName({ variant: 'primary' })} rel="noopener noreferrer" target="_blank">
          <ChatIcon width={20} height={20} />
          {t('whatsapp')}
        </a>
        <a href={`mailto:${CONTACT.email}`} className={buttonClassName({ variant: 'secondary' })}>
          <MailIcon width={20} height={20} />
          {t('email')}
        </a>
      </div>
    </section>
  );
}
