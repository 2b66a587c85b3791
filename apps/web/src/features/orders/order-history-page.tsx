import { PageHeading } from '../../components/page-heading.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { OrderHistory } from './order-history.tsx';

/** /order-history: the order history outside my page. */
export function OrderHistoryPage() {
  const { t } = useI18n();
  return (
    <>
      <PageHeading title={t.payments.orders.title} />
      <OrderHistory />
    </>
  );
}
