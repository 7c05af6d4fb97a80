import { useTranslation } from '../../lib/i18n';
import { formatMoney, toCents } from '@c2p/domain';
import type { Order } from '@c2p/domain';
import { TableHeading } from '../../components/ui/table-heading';
import { AgentOrderDetails, PaymentAuthenticationDetails } from '../checkout';
import { InstallmentsSchedule } from '../installments';
import { accountApi } from './api';
import { RemoteView } from './remote-view';
import { useRemote } from './use-remote';

const COLUMNS = [
  ['ACCOUNT.ORDERS.NUMBER'],
  ['ACCOUNT.ORDERS.DATE'],
  ['ACCOUNT.ORDERS.ITEMS'],
  ['ACCOUNT.ORDERS.TOTAL', 'account-settings__amount'],
] as const;

const itemCount = (order: Order) => order.items.reduce((sum, item) => sum + (Number(item.count) || 0), 0);

/** Order history: number, date in the visitor's locale, item count and total. */
export function OrdersSection() {
  const { t, i18n } = useTranslation();
  const { remote, retry } = useRemote(accountApi.orders);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  return (
    <RemoteView remote={remote} retry={retry}>
      {(orders) =>
        orders.length === 0 ? (
          <p className="account-settings__empty">{t('ACCOUNT.ORDERS.EMPTY')}</p>
        ) : (
          <table className="account-settings__table">
            <TableHeading
              caption={t('ACCOUNT.SETTINGS.ORDERS')}
              columns={COLUMNS.map(([label, className]) => ({ label: t(label), className }))}
            />
            <tbody>
              {orders.map((order) => (
                <tr key={order.orderNumber}>
                  <th scope="row" dir="ltr">
                    {order.orderNumber}
                  </th>
                  <td>
                    <time dateTime={order.createdAt}>{date.format(new Date(order.createdAt))}</time>
                  </td>
                  <td>{t('ACCOUNT.ORDERS.ITEM_COUNT', { count: itemCount(order) })}</td>
                  <td className="account-settings__amount">
                    {formatMoney(toCents(order.total), i18n.language, order.currency || undefined)}
                    {order.payment.method === 'click-to-pay' && order.payment.installments && (
                      <InstallmentsSchedule installments={order.payment.installments} collapsible />
                    )}
                    {order.payment.method === 'click-to-pay' && order.payment.authentication && (
                      <PaymentAuthenticationDetails authentication={order.payment.authentication} collapsible />
                    )}
                    {order.agent && <AgentOrderDetails agent={order.agent} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </RemoteView>
  );
}
