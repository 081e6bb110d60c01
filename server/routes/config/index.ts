import { configSchema } from '../../../lib/contracts/catalogue';
import { getConfig } from '../../services/shop-content';
import { catalogueRead } from '../catalogue-read';

export default catalogueRead('/config', 'Mínimos de compra (pesos) y modo mantenimiento (`maintaince`)', configSchema, getConfig);
