export { analyze, hashDemoPassword, isDatabaseEmpty, planDemoCatalogue, resetDatabase, seedDemo, SEED_REFERENCE_DATE } from './demo';
export type { SeedImages, SeedOptions, SeedSummary } from './demo';
export { seedSynthetic } from './synthetic';
