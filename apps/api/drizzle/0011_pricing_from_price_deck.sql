-- Issue 19, decision 037: our `price-deck` models become the service's `pricing` models. Each
-- product's flat price or dated rows become a table of rows (`entireWellLife` "Flat", or `dates` with
-- the first row moved to 1900-01-01 so its price still applies before its date, as it did); gas in
-- $/MCF, NGL and drip condensate in $/BBL; no cap, no escalation; breakeven at its defaults. The
-- scenario assignments follow.
CREATE FUNCTION pg_temp.price_table(x jsonb, k text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
    'cap', '',
    'escalationModel', 'none',
    'rows',
    CASE
      WHEN x ? 'flat' THEN jsonb_build_array(jsonb_build_object('entireWellLife', 'Flat', k, x -> 'flat'))
      ELSE (
        SELECT jsonb_agg(
          jsonb_build_object('dates', CASE WHEN r.i = 1 THEN '1900-01-01' ELSE r.v ->> 'date' END, k, r.v -> 'price')
          ORDER BY r.i
        )
        FROM jsonb_array_elements(x -> 'byDate') WITH ORDINALITY AS r(v, i)
      )
    END
  )
$$;
--> statement-breakpoint
UPDATE "econ_models"
SET
  "kind" = 'pricing',
  "functions" = jsonb_build_object(
    'priceModel', jsonb_build_object(
      'oil', pg_temp.price_table("functions" -> 'pricing' -> 'oil', 'price'),
      'gas', pg_temp.price_table("functions" -> 'pricing' -> 'gas', 'dollarPerMcf'),
      'ngl', pg_temp.price_table("functions" -> 'pricing' -> 'ngl', 'dollarPerBbl'),
      'dripCondensate', pg_temp.price_table("functions" -> 'pricing' -> 'dripCondensate', 'dollarPerBbl')
    ),
    'breakeven', '{"basedOnPriceRatio": "no", "npvDiscount": 0, "priceRatio": 0}'::jsonb
  )
WHERE "kind" = 'price-deck';
--> statement-breakpoint
UPDATE "scenario_assignments" SET "kind" = 'pricing' WHERE "kind" = 'price-deck';
--> statement-breakpoint
DROP FUNCTION pg_temp.price_table(jsonb, text);
