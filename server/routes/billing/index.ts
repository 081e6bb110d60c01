/**
 * The customer's billing data (spec §1 "a tax condition plus a CUIT, CUIL or DNI number", §5):
 *   GET /api/user/myBillingData, POST /api/billing, DELETE /api/billing/:id, PATCH /api/billing/:id/default.
 * CUIT/CUIL are checked with their check digit and DNI by format (lib/validation/cuit); numbers are
 * stored as digits and are unique across the shop: 409 'Ya tenemos registrado ese CUIT/CUIL/DNI'.
 * Billing data used by an order cannot be deleted (409).
 */
import { createBilling, deleteBilling, listBilling, setDefaultBilling } from '../../services/billing';
import { ORDER_MESSAGES as M } from '../../services/orders-messages';
import { billingBody, billingSchema } from '../orders/schemas';
import { savedRecordRoutes } from '../saved-records';

export default savedRecordRoutes({
  listPath: '/user/myBillingData',
  path: '/billing',
  body: billingBody,
  view: billingSchema,
  summaries: {
    list: 'Mis datos de facturación',
    create: 'Guardar datos de facturación (condición frente al IVA y CUIT, CUIL o DNI; el CUIT/CUIL se verifica con su dígito)',
    setDefault: 'Elegir los datos de facturación predeterminados (se preseleccionan al comprar)',
    remove: 'Borrar datos de facturación (no si algún pedido los usa)',
  },
  messages: { created: M.billingCreated, deleted: M.billingDeleted },
  list: listBilling,
  create: createBilling,
  setDefault: setDefaultBilling,
  remove: deleteBilling,
});
