/**
 * The one place where instants are cut into the shop's calendar days. The business is in Buenos Aires
 * (SHOP_TIME_ZONE, lib/locales): "orders of the 24th" are those placed on the 24th there, whatever the
 * server's or the browser's zone (an order at 22:30 ART is 01:30 UTC the next day). Formatting (next-intl,
 * Intl) reads SHOP_TIME_ZONE from lib/locales; date filters (the staff API, the search log) use this module.
 */
import { SHOP_TIME_ZONE } from '../locales';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date-time without a zone designator (read as the shop's wall clock). */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function wallClock(at: Date): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(partsFormat.formatToParts(at).find((p) => p.type === type)?.value);
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour'), min: get('minute'), s: get('second') };
}

/** Milliseconds the shop's clock is ahead of UTC at `at` (negative in Argentina: −3 h). */
function offsetAt(at: Date): number {
  const w = wallClock(at);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant at which the shop's wall clock reads the given UTC-fields time (handles a zone change). */
function fromWallClock(wallAsUtc: number): Date {
  let t = wallAsUtc - offsetAt(new Date(wallAsUtc));
  t = wallAsUtc - offsetAt(new Date(t));
  return new Date(t);
}

/** The shop's calendar day (AAAA-MM-DD) of an instant. */
export function shopDay(at: Date): string {
  const w = wallClock(at);
  return `${w.y}-${String(w.m).padStart(2, '0')}-${String(w.d).padStart(2, '0')}`;
}

/** The instant a shop calendar day (AAAA-MM-DD) begins; `days` shifts it (1 = the next day's start). */
export function shopDayStart(day: string, days = 0): Date {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`not a day: ${day}`);
  return fromWallClock(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
}

/**
 * A staff date filter bound: a bare day starts at the shop's midnight (`end`: the next midnight, so the
 * day is included); a date-time without a zone is the shop's wall clock; one with Z or ±hh:mm is exact.
 */
export function shopFilterBound(value: string, end = false): Date {
  if (DAY.test(value)) return shopDayStart(value, end ? 1 : 0);
  if (LOCAL_DATE_TIME.test(value)) {
    const [date, time] = value.split('T') as [string, string];
    const [h, min, sec = '0'] = time.split(':');
    const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
    return fromWallClock(Date.UTC(y, mo - 1, d, Number(h), Number(min), 0, Math.round(Number(sec) * 1000)));
  }
  return new Date(value);
}

/**
 * The instant as a Date whose UTC fields read the shop's wall clock: what a spreadsheet cell needs (XLSX dates
 * have no zone; Excel shows the UTC fields), so an order placed at 22:30 in Buenos Aires reads 22:30.
 */
export function shopWallClockAsUtc(at: Date): Date {
  const w = wallClock(at);
  return new Date(Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s));
}
