export * from './accounts.ts';
export * from './applications.ts';
export * from './apply-rule.ts';
export * from './cards-api.ts';
export * from './catalog.ts';
export * from './colors.ts';
export * from './recommendations.ts';
export * from './referrals.ts';
