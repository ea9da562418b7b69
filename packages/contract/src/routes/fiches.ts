/** The fiches endpoints' routes (see ../routes.ts). */
import type * as fiches from '../endpoints/fiches.ts';
import { route } from '../request-path.ts';

export const listFiches = /* @__PURE__ */ route<typeof fiches.listFiches>('GET', '/api/v3/groups/:id/fiches');
export const createFiche = /* @__PURE__ */ route<typeof fiches.createFiche>(
  'POST',
  '/api/v3/groups/:id/fiches',
);
export const updateFiche = /* @__PURE__ */ route<typeof fiches.updateFiche>(
  'PUT',
  '/api/v3/groups/:id/fiches/:ficheId',
);
