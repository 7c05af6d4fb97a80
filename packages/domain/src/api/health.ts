import { z } from 'zod';
import { areaRoutes } from './merchant-routes.ts';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ driver: z.string(), state: z.enum(['up', 'down']) }),
});

export const healthApi = {
  health: areaRoutes('Operations').anyone('GET', '/api/health', {
    summary: 'Liveness and the database’s state (503 when it is down)',
    response: { 200: healthSchema, 503: healthSchema },
  }),
};
