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
CREATE INDEX "products_sku_key_idx" ON "products" USING btree ("sku_key" text_pattern_ops);--> statement-breakpoint
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
