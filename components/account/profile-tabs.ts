/** The profile's tabs (spec §2 Profile), shared by the server page and the client tabs. */
export const PROFILE_TABS = ['orders', 'data', 'finished'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export function isProfileTab(v: unknown): v is ProfileTab {
  return typeof v === 'string' && (PROFILE_TABS as readonly string[]).includes(v);
}
