import { TZDate } from '@date-fns/tz';
import { utc, UTCDate } from '@date-fns/utc';
import {
  addDays as addDaysFns,
  addMonths as addMonthsFns,
  differenceInCalendarDays,
  differenceInDays,
  isMatch,
  lightFormat,
  startOfDay,
  startOfISOWeek,
  startOfMonth,
  startOfYear,
} from 'date-fns';

/**
 * The one place Cartwise does calendar arithmetic (date-fns with @date-fns/tz, no hand-made millisecond sums).
 * A calendar day travels as ISO text, `yyyy-mm-dd` (an `IsoDay`): the database stores and compares it as text.
 * A moment travels as a `Date`. Which day a moment falls on depends on a time zone (IANA name); the server keeps
 * UTC unless told otherwise, the web app passes the shopper's own zone (`getLocalTimeZone`).
 */
export type IsoDay = string;

export const UTC = 'UTC';

const ISO_DAY = 'yyyy-MM-dd';
const ISO_DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

// Calendar days are counted on UTC midnights, where every day has 24 hours (UTCDate is the light way there).
const onDays = utc;

function inZone(moment: Date | number, timeZone: string): Date {
  const time = typeof moment === 'number' ? moment : moment.getTime();
  return timeZone === UTC ? new UTCDate(time) : new TZDate(time, timeZone);
}

function toDayText(date: Date): IsoDay {
  return lightFormat(date, ISO_DAY);
}

/** The time zone this runtime reports (in a browser: the shopper's own), UTC when it reports none. */
export function getLocalTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || UTC;
}

/** The calendar day `moment` falls on in `timeZone`. */
export function toIsoDay(moment: Date | number, timeZone: string = UTC): IsoDay {
  if (timeZone !== UTC) return toDayText(inZone(moment, timeZone));
  const time = typeof moment === 'number' ? moment : moment.getTime();
  if (time >= lastUtcDay.startMs && time < lastUtcDay.endMs) return lastUtcDay.text;
  const text = toDayText(inZone(time, UTC));
  const start = startOfDay(time, { in: onDays });
  lastUtcDay = { startMs: start.getTime(), endMs: addDaysFns(start, 1, { in: onDays }).getTime(), text };
  return text;
}

/**
 * The UTC day asked for last and the moments it spans: the server asks for today on most reads (the deals board,
 * the dashboard's key), and formatting it with date-fns each time cost more than serving the cached page.
 */
let lastUtcDay = { startMs: 0, endMs: 0, text: '' };

/** Today's calendar day in `timeZone`. */
export function getTodayIso(timeZone: string = UTC, now: Date = new Date()): IsoDay {
  return toIsoDay(now, timeZone);
}

/** Today's calendar day where this runtime is (in a browser: the shopper's own day). */
export function getLocalTodayIso(now: Date = new Date()): IsoDay {
  return toIsoDay(now, getLocalTimeZone());
}

/** Whether `text` is a real calendar day written yyyy-mm-dd (2026-02-30 is not). */
export function isIsoDay(text: string): boolean {
  return ISO_DAY_SHAPE.test(text) && isMatch(text, ISO_DAY);
}

/** The day `days` calendar days after `day` (negative: before). */
export function addDaysIso(day: IsoDay, days: number): IsoDay {
  return toDayText(addDaysFns(day, days, { in: onDays }));
}

/** The day `months` calendar months after `day`, kept inside the month (01-31 plus one month is 02-28 or 02-29). */
export function addMonthsIso(day: IsoDay, months: number): IsoDay {
  return toDayText(addMonthsFns(day, months, { in: onDays }));
}

/** Calendar days from `from` to `to` (negative when `to` comes first). */
export function countDaysBetween(from: IsoDay, to: IsoDay): number {
  return differenceInCalendarDays(to, from, { in: onDays });
}

/** Monday of the ISO week holding `day`. */
export function getWeekStartIso(day: IsoDay): IsoDay {
  return toDayText(startOfISOWeek(day, { in: onDays }));
}

/** First day of the month holding `day`. */
export function getMonthStartIso(day: IsoDay): IsoDay {
  return toDayText(startOfMonth(day, { in: onDays }));
}

/** First day of the year holding `day`. */
export function getYearStartIso(day: IsoDay): IsoDay {
  return toDayText(startOfYear(day, { in: onDays }));
}

/**
 * The moment `days` calendar days after `moment` in `timeZone`: same wall-clock time, so across a daylight-saving
 * change a day is 23 or 25 hours there. In UTC (the default) every day is 24 hours.
 */
export function addDaysTo(moment: Date | number, days: number, timeZone: string = UTC): Date {
  return new Date(addDaysFns(inZone(moment, timeZone), days).getTime());
}

/** The moment `months` calendar months after `moment` in `timeZone` (kept inside the month). */
export function addMonthsTo(moment: Date | number, months: number, timeZone: string = UTC): Date {
  return new Date(addMonthsFns(inZone(moment, timeZone), months).getTime());
}

/** Whole days from `from` to `to`, a part day counting as a day (13.2 days read 14); negative when `to` is past. */
export function countDaysUntil(to: Date | number, from: Date | number): number {
  const whole = differenceInDays(to, from, { in: onDays });
  const rest = addDaysTo(from, whole).getTime();
  const end = new Date(to).getTime();
  return end > rest ? whole + 1 : whole;
}
