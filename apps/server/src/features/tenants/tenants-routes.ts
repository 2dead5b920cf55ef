import { type BankDto, type TenantConfig, type ThemeDto, tenantConfigSchema } from '@cardwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OWN_BRAND } from './tenant-seed.ts';
import type { TenantsRepository } from './tenants-repository.ts';

export const tenantsRoutes: FastifyPluginAsyncZod<{ repo: TenantsRepository }> = async (app, { repo }) => {
  app.get(
    '/tenant',
    {
      schema: {
        tags: ['tenant'],
        summary: 'The current tenant’s branding, theme and bank list',
        response: { 200: tenantConfigSchema },
      },
    },
    async (request): Promise<TenantConfig> => {
      const t = request.tenant;
      const [bankRows, themeRows] = await Promise.all([repo.allBanks(), repo.allThemes()]);
      const themes: ThemeDto[] = themeRows.map((r) => ({
        name: r.name as ThemeDto['name'],
        description: r.description,
        primaryColor: r.primary_color,
        light: r.light as ThemeDto['light'],
        dark: r.dark as ThemeDto['dark'],
      }));
      const order = new Map(t.bankCodes.map((c, i) => [c, i]));
      const banks: BankDto[] = bankRows
        .filter((b) => b.code !== OWN_BRAND.code && (order.size === 0 || order.has(b.code)))
        .sort((a, b) => (order.get(a.code) ?? 0) - (order.get(b.code) ?? 0))
        .map((b) => ({
          code: b.code,
          name: b.name,
          logoUrl: b.logo_url,
          primaryColor: b.primary_color,
          description: b.description,
        }));
      const theme = themes.find((th) => th.name === t.row.theme) ?? themes[0]!;
      return {
        slug: t.id,
        branding: {
          logo: t.row.logo,
          companyName: t.row.company_name,
          customCSS: t.row.custom_css,
          description: t.row.description,
        },
        theme,
        themes,
        banks: [...banks, OWN_BRAND],
        completeJourneyBanks: t.row.complete_journey_banks,
        supportEmail: t.row.support_email,
      };
    },
  );
};
