/** The staff board's orderings (issue 32, item 6): shared by the board's links and the API's query schema. */
export const BOARD_SORTS = ['newest', 'oldest', 'totalDesc', 'totalAsc', 'customer'] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];

export function isBoardSort(v: unknown): v is BoardSort {
  return typeof v === 'string' && (BOARD_SORTS as readonly string[]).includes(v);
}
