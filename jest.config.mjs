import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  testMatch: ['<rootDir>/{lib,components,app,i18n,bench}/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['<rootDir>/.next/', '<rootDir>/node_modules/', '<rootDir>/e2e/', '<rootDir>/server/'],
};

// next-intl, use-intl and react-markdown are ESM-only: let the transformer handle node_modules too.
export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  return { ...resolved, transformIgnorePatterns: ['^.+\\.module\\.(css|sass|scss)$'] };
}
