import { z } from 'zod';
import { carouselImageSchema } from '../../../lib/contracts/catalogue';
import { listCarousel } from '../../services/shop-content';
import { catalogueRead } from '../catalogue-read';

export default catalogueRead('/carouselImages', 'Imágenes del carrusel de la portada, en orden', z.array(carouselImageSchema), listCarousel);
