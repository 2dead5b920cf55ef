import { type CategoryNodeDto, categoryNodeDtoSchema } from '@cardwise/contracts';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';
import { type PreparedJson, prepareJson, sendPreparedJson } from '../../plumbing/send-json.ts';

/** The six-level spending taxonomy as one tree, in catalogue order. */
export async function loadCategoryTree(db: Db): Promise<CategoryNodeDto[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.level), asc(categories.position));
  const nodes = new Map<string, CategoryNodeDto>();
  const roots: CategoryNodeDto[] = [];
  for (const r of rows)
    nodes.set(r.id, { id: r.id, slug: r.slug, name: r.name, level: r.level, children: [] });
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export const categoriesRoutes: FastifyPluginAsyncZod<{ db: Db; ttlMs: number }> = async (
  app,
  { db, ttlMs },
) => {
  let cached: { at: number; body: PreparedJson } | undefined;
  app.get(
    '/categories',
    {
      schema: {
        tags: ['categories'],
        summary:
          'The spending category tree (mode → platform type → platform name → category → sub category → product)',
        response: { 200: z.array(categoryNodeDtoSchema) },
      },
    },
    async (request, reply) => {
      if (!cached || Date.now() - cached.at >= ttlMs) {
        cached = { at: Date.now(), body: prepareJson(await loadCategoryTree(db)) };
      }
      return sendPreparedJson(request, reply, cached.body);
    },
  );
};
