/** The OpenAPI schema of every staff route: tag "personal", a bearer token, the orders' error answers. */
import { authErrors } from '../orders/schemas';
import { bearerSecurity } from '../personal';
import { routeDocs } from '../route-schema';

export const staffDoc = routeDocs({ tags: ['personal'], security: bearerSecurity, errors: authErrors });
