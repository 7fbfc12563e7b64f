import type { FirstRead } from 'shared-api/routes';

export const KIT_PAGE_SIZE = 10;

/**
 * One page of kits as a GET by path and query. Pure (the build reads it through the route declaration): `getKits`
 * sends it, and /home's route names page 1 among its first reads, so the page's own call takes the early answer.
 */
export const kitPageRead = (page: number, perPage = KIT_PAGE_SIZE): FirstRead => ({
  url: '/api/v1/starlink_kits',
  params: { page, per_page: perPage },
});
