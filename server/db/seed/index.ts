export { hashDemoPassword, isDatabaseEmpty, resetDatabase, seedDemo } from './demo';
export { seedSynthetic } from './synthetic';
