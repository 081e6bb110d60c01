/**
 * The rooms a browser keeps joined across reloads and reconnections (spec §4 Realtime socket): a JSON
 * array of room names in localStorage `rooms`. The user's own room (`User-{id}`) is joined by the server
 * automatically and is not stored.
 */
export const ROOMS_KEY = 'rooms';
/** The server accepts at most 50 rooms per rejoin; keep the newest ones. */
const MAX_STORED_ROOMS = 50;

const ROOM_RE = /^(User|Order)-[1-9][0-9]{0,9}$/;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readRooms(): string[] {
  const raw = storage()?.getItem(ROOMS_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? [...new Set(parsed.filter((r): r is string => typeof r === 'string' && ROOM_RE.test(r)))] : [];
  } catch {
    return [];
  }
}

function writeRooms(rooms: string[]): void {
  try {
    storage()?.setItem(ROOMS_KEY, JSON.stringify(rooms.slice(-MAX_STORED_ROOMS)));
  } catch {
    /* storage full or blocked: the rooms simply are not remembered */
  }
}

export function addRoom(room: string): void {
  if (!ROOM_RE.test(room)) return;
  writeRooms([...readRooms().filter((r) => r !== room), room]);
}

export function removeRoom(room: string): void {
  const rooms = readRooms();
  if (rooms.includes(room)) writeRooms(rooms.filter((r) => r !== room));
}

export function removeRooms(rooms: readonly string[]): void {
  if (!rooms.length) return;
  writeRooms(readRooms().filter((r) => !rooms.includes(r)));
}

export function clearRooms(): void {
  try {
    storage()?.removeItem(ROOMS_KEY);
  } catch {
    /* ignore */
  }
}
