-- Custom migration: extensions the schema relies on. pg_trgm backs the search index on products.search_text
-- (PGlite must be opened with the pg_trgm extension loaded; see server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
