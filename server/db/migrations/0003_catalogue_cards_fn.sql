-- Custom migration: the catalogue's hot read path as a PL/pgSQL function.
-- Why a function: the card query (product + categories, images, offers and variation aggregates as JSON
-- sub-selects) takes far longer to PLAN than to run (~10 ms vs ~1 ms on PGlite). PL/pgSQL caches the plan
-- per session, and PGlite and pooled pg connections are long-lived sessions.
-- Changing it: add a new migration with `create or replace function` (the TypeScript side is
-- server/services/catalogue.ts → loadCards; keep the column list in sync).
CREATE OR REPLACE FUNCTION catalogue_cards(p_ids integer[], p_detail boolean DEFAULT false)
RETURNS TABLE (
  id integer,
  sku text,
  name text,
  slug text,
  brand text,
  is_outstanding boolean,
  is_visible boolean,
  is_available boolean,
  is_variable boolean,
  is_variation boolean,
  is_vip boolean,
  is_catalogable boolean,
  state text,
  parent_id integer,
  parent_state text,
  variable_id integer,
  variable_name text,
  weight integer,
  length double precision,
  width double precision,
  height double precision,
  score integer,
  sales integer,
  price_cents integer,
  discount_cents integer,
  min integer,
  max integer,
  steps integer,
  created_at text,
  updated_at text,
  categories json,
  images json,
  offers json,
  var_agg json,
  description text,
  variations json
)
LANGUAGE plpgsql STABLE
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT
    p.id, p.sku, p.name, p.slug, p.brand,
    p.is_outstanding, p.is_visible, p.is_available, p.is_variable, p.is_variation, p.is_vip, p.is_catalogable,
    p.state::text, p.parent_id, pp.state::text, p.variable_id, vr.name,
    p.weight, p.length::float8, p.width::float8, p.height::float8,
    p.score, p.sales, p.price_cents, p.discount_cents, p.min, p.max, p.steps,
    to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    -- a variation shows its parent's categories, images and offers
    (SELECT coalesce(json_agg(json_build_object(
        'id', c.id, 'name', c.name, 'slug', c.slug, 'description', c.description, 'image', c.image)
        ORDER BY pc.position, c.id), '[]'::json)
      FROM product_categories pc JOIN categories c ON c.id = pc.category_id
      WHERE pc.product_id = coalesce(p.parent_id, p.id)),
    (SELECT coalesce(json_agg(json_build_object('id', i.id, 'url', i.url) ORDER BY i.position, i.id), '[]'::json)
      FROM product_images i WHERE i.product_id = coalesce(p.parent_id, p.id)),
    (SELECT coalesce(json_agg(json_build_object(
        'id', o.id, 'name', o.name, 'units', o.units, 'price', o.price_cents, 'isVip', o.is_vip, 'isStrict', o.is_strict)
        ORDER BY o.units, o.id), '[]'::json)
      FROM offers o WHERE o.product_id = coalesce(p.parent_id, p.id)),
    (SELECT json_build_object(
        'min', min(coalesce(v.discount_cents, v.price_cents)), 'max', max(coalesce(v.discount_cents, v.price_cents)),
        'count', count(*))
      FROM products v WHERE v.parent_id = p.id AND v.is_visible AND v.state <> 'hidden'),
    CASE WHEN p_detail THEN p.description END,
    CASE WHEN p_detail THEN (SELECT coalesce(json_agg(json_build_object(
        'id', v.id, 'name', v.name, 'slug', v.slug, 'sku', v.sku, 'price', v.price_cents, 'discount', v.discount_cents,
        'state', v.state, 'min', v.min, 'max', v.max, 'steps', v.steps, 'variableId', v.variable_id, 'variableName', vvr.name)
        ORDER BY v.search_name COLLATE "C", v.id), '[]'::json)
      FROM products v LEFT JOIN variables vvr ON vvr.id = v.variable_id
      WHERE v.parent_id = p.id AND v.is_visible AND v.state <> 'hidden') END
  FROM products p
  LEFT JOIN products pp ON pp.id = p.parent_id
  LEFT JOIN variables vr ON vr.id = p.variable_id
  WHERE p.id = ANY(p_ids);
END
$$;
