export * from './cards-api.ts';
export * from './catalog.ts';
