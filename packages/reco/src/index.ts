export type { CompiledInstance } from './compile-instance.ts';
export { compileInstance, excludedOpenSlugs, monthlyAmount } from './compile-instance.ts';
export type { CombinationResult, RecommendOptions } from './recommend.ts';
export { evaluateCombination, recommend, selectCandidates } from './recommend.ts';
export { roundHalfAwayFromZero } from './round.ts';
export type { SearchOptions, SearchStats } from './search-combinations.ts';
export { RecoCancelledError, RecoTimeoutError } from './search-combinations.ts';
export type { Allocation, CardSummary, PlacedSpend } from './solve-allocation.ts';
