import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

export type EngineState = 'cold' | 'warming' | 'ready';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; engine: () => EngineState }> = async (
  app,
  { database, engine },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, database reachability and whether the engine workers are warmed up',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.enum(['pglite', 'postgres']),
            engine: z.enum(['cold', 'warming', 'ready']),
          }),
        },
      },
    },
    async () => {
      await database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: database.kind, engine: engine() };
    },
  );
};
