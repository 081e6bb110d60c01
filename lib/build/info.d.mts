export function packageVersion(): string;
export function gitCommit(env?: Record<string, string | undefined>): string;
