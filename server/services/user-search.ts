/** Finding users by what staff type in a search box (the customers list, the orders board). */
import { like, sql, type SQL } from 'drizzle-orm';
import { users } from '../db/schema';
import { foldedLike, foldedSql } from '../lib/text';

/** A search box's text against a user's email, name, last name and full name (accents and case folded). */
export function userMatches(text: string): SQL[] {
  const pattern = foldedLike(text);
  return [
    like(foldedSql(users.email), pattern),
    like(foldedSql(users.name), pattern),
    like(foldedSql(users.lastname), pattern),
    like(foldedSql(sql`${users.name} || ' ' || ${users.lastname}`), pattern),
  ];
}
