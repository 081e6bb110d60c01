import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { ADMIN_PRODUCT_CREATE_CLIENT_MESSAGE_PATHS } from '@/components/admin/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { ProductCreateForm } from '@/components/admin/products/ProductCreateForm';
import styles from '@/components/admin/products/products.module.css';
import { loadCategories } from '@/lib/admin/categories';
import { PageHeading } from '@/components/admin/ui/page';
import { staffRequest } from '@/components/admin/ui/staff-request';

type Props = { params: Promise<{ locale: string }> };

/** /admin/products/new — "Nuevo producto" (the API checks products:write; images are added in the editor after). */
export default async function AdminNewProductPage({ params }: Props) {
  const { need } = await staffRequest(params);
  const cats = need(await loadCategories(), '/admin/products/new');
  const t = await getTranslations('adminProducts');
  return (
    <div className={styles.page}>
      <PageHeading look={styles} title={t('create.title')}>
        <Link href="/admin/products" className={styles.back}>
          ← {t('detail.back')}
        </Link>
      </PageHeading>
      <ScopedMessages paths={ADMIN_PRODUCT_CREATE_CLIENT_MESSAGE_PATHS}>
        <ProductCreateForm categoryOptions={cats.map((c) => ({ id: c.id, name: c.name, slug: c.slug }))} />
      </ScopedMessages>
    </div>
  );
}
