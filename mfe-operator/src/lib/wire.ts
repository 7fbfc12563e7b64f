import type { paths } from 'shared-api/api-schema';

type Json<R, S extends number> = R extends { [K in S]: { content: { 'application/json': infer J } } } ? J : never;

/** The JSON a staff call answers with on success, from the API's OpenAPI document (shared-api's generated types). */
export type Answer<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'delete', S extends number = 200> = paths[P][M] extends {
  responses: infer R;
}
  ? Json<R, S>
  : never;
