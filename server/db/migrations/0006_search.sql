-- Search (issue 28). unaccent folds category names inside the triggers below (PGlite loads it from its
-- contrib, see server/db/client.ts); the tsvector and the SKU key are generated columns, so the database keeps them.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TABLE "search_queries" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_queries_day_query_pk" PRIMARY KEY("day","query")
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"terms" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_categories" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku_key" text GENERATED ALWAYS AS (lower(regexp_replace(sku, '[^a-zA-Z0-9]+', '', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('spanish'::regconfig, search_name), 'A') || setweight(to_tsvector('spanish'::regconfig, search_categories), 'B') || setweight(to_tsvector('spanish'::regconfig, search_text), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "search_queries_query_idx" ON "search_queries" USING btree ("query");--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_sku_key_idx" ON "products" USING btree ("sku_key" collate "C");--> statement-breakpoint
-- products.search_categories: the normalized names of the categories of a product (a variation: its parent's),
-- refreshed by statement triggers whenever product_categories rows or a category's name change.
CREATE OR REPLACE FUNCTION products_refresh_search_categories(p_ids integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE products p SET search_categories = coalesce((
      SELECT string_agg(lower(unaccent(c.name)), ' ' ORDER BY pc.position, c.id)
      FROM product_categories pc JOIN categories c ON c.id = pc.category_id
      WHERE pc.product_id = coalesce(p.parent_id, p.id)), '')
  WHERE p.id = ANY(p_ids) OR p.parent_id = ANY(p_ids);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_categories_search_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM products_refresh_search_categories(array(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM products_refresh_search_categories(array(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    PERFORM products_refresh_search_categories(array(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_categories_search_ins AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_categories_search_trg();--> statement-breakpoint
CREATE TRIGGER product_categories_search_del AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_categories_search_trg();--> statement-breakpoint
CREATE TRIGGER product_categories_search_upd AFTER UPDATE ON product_categories
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_categories_search_trg();--> statement-breakpoint
CREATE OR REPLACE FUNCTION categories_search_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM products_refresh_search_categories(array(
    SELECT pc.product_id FROM product_categories pc JOIN new_rows n ON n.id = pc.category_id
    JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_search_upd AFTER UPDATE ON categories
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION categories_search_trg();--> statement-breakpoint
SELECT products_refresh_search_categories(array(SELECT id FROM products WHERE parent_id IS NULL));--> statement-breakpoint
-- A starting list of the trade's words; staff edit it in the back-office (/admin/search).
INSERT INTO search_synonyms (terms) VALUES
  ('{incienso,sahumerio}'), ('{quemador,hornillo}'), ('{cirio,vela}'), ('{sahumador,"porta sahumerio"}'),
  ('{aromatizador,difusor}'), ('{cartas,tarot}'), ('{cristal,piedra}'), ('{varita,varilla}'),
  ('{perfume,perfumina}'), ('{candelabro,"porta velas"}');
--> statement-breakpoint
-- The search's hot path as a PL/pgSQL function (like catalogue_cards, 0003): the statement is planned once
-- per session and each tsquery is parsed and stemmed once per call, not once per row. Arguments are
-- tsquery source texts built by server/services/search.ts (words of [a-z0-9] only). Returns every match,
-- best first (ord 1, 2, …); the caller filters, re-sorts or pages.
-- Matches: the products holding every word (each word: itself, a synonym, a joined/split form or a typo);
-- only when none does, those holding any word, most words first (Algolia's "remove words if no results").
CREATE OR REPLACE FUNCTION search_products(
  p_any text,          -- every word's terms OR-ed ('' when the query has no words)
  p_all text,          -- every word's terms AND-ed
  p_exact text[],      -- per word: its exact terms (word, synonyms, joined/split forms); [] when no word has typo terms
  p_groups text[],     -- per word: all its terms (for "most words" when no product holds them all)
  p_all_exact_a text,  -- every word's exact terms in the name (weight A), AND-ed; '' to skip
  p_all_any_a text,    -- every word's terms in the name, AND-ed; '' to skip
  p_sku text,          -- the query as letters and digits when it could be a SKU, else ''
  p_name text          -- the normalized query, for "exact name first"
) RETURNS TABLE (id integer, ord integer)
LANGUAGE plpgsql STABLE
AS $$
#variable_conflict use_column
DECLARE
  q_all tsquery := CASE WHEN p_all <> '' THEN to_tsquery('spanish', p_all) END;
  q_match tsquery;
  q_all_exact_a tsquery := CASE WHEN p_all_exact_a <> '' THEN to_tsquery('spanish', p_all_exact_a) END;
  q_all_any_a tsquery := CASE WHEN p_all_any_a <> '' THEN to_tsquery('spanish', p_all_any_a) END;
  q_exact tsquery[] := array(SELECT to_tsquery('spanish', g) FROM unnest(p_exact) g WHERE g <> '');
  q_groups tsquery[] := '{}';
  sku_exact integer[] := '{}';
  sku_prefix integer[] := '{}';
BEGIN
  IF p_sku <> '' THEN
    sku_prefix := array(SELECT coalesce(s.parent_id, s.id) FROM products s
      WHERE s.sku_key COLLATE "C" >= p_sku AND s.sku_key COLLATE "C" < p_sku || '{' LIMIT 200);
    sku_exact := array(SELECT coalesce(s.parent_id, s.id) FROM products s WHERE s.sku_key COLLATE "C" = p_sku);
  END IF;
  q_match := q_all;
  IF q_all IS NOT NULL AND NOT EXISTS (SELECT 1 FROM products p
      WHERE p.search_vector @@ q_all AND p.parent_id IS NULL AND p.is_visible AND p.state <> 'hidden') THEN
    q_match := to_tsquery('spanish', p_any);
    q_groups := array(SELECT to_tsquery('spanish', g) FROM unnest(p_groups) g WHERE g <> '');
  END IF;
  RETURN QUERY
  SELECT p.id, (row_number() OVER (ORDER BY
      p.id = ANY(sku_exact) DESC,
      p.id = ANY(sku_prefix) DESC,
      p.search_name = p_name DESC,
      coalesce(p.search_vector @@ q_all_exact_a, false) DESC,
      coalesce(p.search_vector @@ q_all_any_a, false) DESC,
      CASE WHEN cardinality(q_groups) > 0 THEN (SELECT count(*) FROM unnest(q_groups) g WHERE p.search_vector @@ g) ELSE 0 END DESC,
      CASE WHEN cardinality(q_exact) > 0 THEN (SELECT count(*) FROM unnest(q_exact) g WHERE p.search_vector @@ g) ELSE 0 END DESC,
      coalesce(ts_rank(p.search_vector, q_match), 0) DESC,
      p.sales DESC, p.search_name COLLATE "C", p.id))::integer
  FROM products p
  WHERE p.parent_id IS NULL AND p.is_visible AND p.state <> 'hidden'
    AND (p.search_vector @@ q_match OR p.id = ANY(sku_prefix))
  ORDER BY 2;
END
$$;
