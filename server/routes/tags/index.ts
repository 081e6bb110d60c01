import { z } from 'zod';
import { tagSchema } from '../../../lib/contracts/catalogue';
import { listTags } from '../../services/shop-content';
import { catalogueRead } from '../catalogue-read';

export default catalogueRead(
  '/tags',
  'Etiquetas de búsqueda populares del pie de página',
  z.object({ items: z.array(tagSchema) }),
  async (db) => ({ items: await listTags(db) }),
);
