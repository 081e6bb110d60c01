/**
 * The customer's saved addresses (spec §3 Address; §5 "An address must be saved, not just typed"):
 *   POST /api/address, GET /api/address/myAddresses, PUT /api/address/:id, DELETE /api/address/:id,
 *   PATCH /api/address/:id/default (the one preselected in the checkout).
 * Someone else's address → 404. Addresses used by orders are never rewritten in place: an edit archives
 * the old row and creates a new one (the answer carries the new id), and a delete archives it, so past
 * orders keep showing where they were sent. Archived addresses are not listed.
 */
import { idParams } from '../../../lib/contracts/common';
import { createAddress, deleteAddress, listAddresses, setDefaultAddress, updateAddress } from '../../services/addresses';
import { ORDER_MESSAGES as M } from '../../services/orders-messages';
import { addressBody, addressSchema } from '../orders/schemas';
import { savedRecordRoutes, savedRecordsDoc } from '../saved-records';

export default savedRecordRoutes(
  {
    listPath: '/address/myAddresses',
    path: '/address',
    body: addressBody,
    view: addressSchema,
    summaries: {
      list: 'Mis direcciones guardadas (activas)',
      create: 'Guardar una dirección',
      setDefault: 'Elegir la dirección predeterminada (se preselecciona al comprar)',
      remove: 'Borrar una dirección (si la usa algún pedido queda archivada)',
    },
    messages: { created: M.addressCreated, deleted: M.addressDeleted },
    list: listAddresses,
    create: createAddress,
    setDefault: setDefaultAddress,
    remove: deleteAddress,
  },
  async (app) => {
    app.put(
      '/address/:id',
      {
        config: { invalidates: [] },
        preHandler: app.authenticate,
        schema: savedRecordsDoc('Editar una dirección (si la usa algún pedido se guarda como dirección nueva: mirá el id de la respuesta)', { params: idParams, body: addressBody, data: addressSchema }),
      },
      async (req) => ({ success: true as const, message: M.saved, data: await updateAddress(app.db, req.user!.id, req.params.id, req.body) }),
    );
  },
);
