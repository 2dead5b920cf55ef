import { tagDtoSchema } from '@cardwise/contracts';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { tags } from '../../db/schema.ts';

export const tagsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/tags',
    { schema: { tags: ['cards'], summary: 'Card tags', response: { 200: z.array(tagDtoSchema) } } },
    async () => db.select().from(tags).orderBy(asc(tags.slug)),
  );
};
