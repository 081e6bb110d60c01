import { getTranslations } from 'next-intl/server';
import { ADMIN_CATEGORIES_CLIENT_MESSAGE_PATHS } from '@/components/admin/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { CategoriesManager } from '@/components/admin/products/CategoriesManager';
import styles from '@/components/admin/products/products.module.css';
import { loadCategories } from '@/lib/admin/categories';
import { PageHeading } from '@/components/admin/ui/page';
import { staffRequest } from '@/components/admin/ui/staff-request';

type Props = { params: Promise<{ locale: string }> };

/** /admin/categories — the shop's categories in menu order (the API checks products:write). */
export default async function AdminCategoriesPage({ params }: Props) {
  const { need } = await staffRequest(params);
  const list = need(await loadCategories(), '/admin/categories');
  const t = await getTranslations('adminProducts.categories');
  return (
    <div className={styles.page}>
      <PageHeading look={styles} title={t('title')} intro={t('intro')} />
      <ScopedMessages paths={ADMIN_CATEGORIES_CLIENT_MESSAGE_PATHS}>
        <CategoriesManager initial={list} />
      </ScopedMessages>
    </div>
  );
}
