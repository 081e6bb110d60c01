import { z } from 'zod';
import { categorySchema } from '../../../lib/contracts/catalogue';
import { listCategories } from '../../services/shop-content';
import { catalogueRead } from '../catalogue-read';

export default catalogueRead(
  '/category/names',
  'Categorías en orden, con imagen y cantidad de productos visibles',
  z.array(categorySchema),
  listCategories,
);
