/**
 * What a visitor reads at the address of a partner site that does not exist. One text for the
 * server's own page (sent before any script, ADR 012) and the web app's (when it learns it
 * from GET /api/tenant).
 */
export const UNKNOWN_TENANT_TITLE = 'This site does not exist';

export function unknownTenantText(slug: string): string {
  return `There is no card comparison site called “${slug}”. Check the address you were given.`;
}
