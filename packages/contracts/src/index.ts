export * from './cards-api.ts';
export * from './catalog.ts';
export * from './accounts.ts';
export * from './recommendations.ts';
export * from './applications.ts';
