-- Issue 19: expenses models take the service's shape, and their production taxes become models of
-- the production-taxes kind (decision 036). Only models still in the old shape (issue 8's
-- `{expenses: {fixed, variable}, productionTaxes}`) are touched.
--
-- 1. For each old model with a severance or ad valorem tax above 0: a production-taxes model of
--    the same name, scope and tags, its id an object id (the seconds now, then 16 hex of a hash of
--    the expenses model's id). Severance applied to all revenue: one row set per phase at that
--    percent. Ad valorem applied to revenue after severance: deductSeveranceTax true.
INSERT INTO "econ_models" ("id", "company_id", "scope", "project_id", "kind", "name", "tags", "unique", "copied_from",
  "read_only", "functions", "created_by", "last_updated_by", "created_at", "updated_at")
SELECT lpad(to_hex(floor(extract(epoch FROM now()))::bigint), 8, '0') || substr(md5(m."id" || ':production-taxes'), 1, 16),
  m."company_id", m."scope", m."project_id", 'production-taxes', m."name", m."tags", m."unique", NULL, false,
  jsonb_build_object('data', jsonb_build_object('state', 'custom', 'rows', (
    SELECT coalesce(jsonb_agg(r.row ORDER BY r.ord), '[]'::jsonb)
    FROM (
      SELECT p.ord, jsonb_build_object('key', p.key, 'category', 'severance_tax', 'criteria', 'entire_well_life',
          'period', jsonb_build_array('Flat'), 'value', jsonb_build_array(t.sev), 'unit', 'pct_of_revenue',
          'shrinkageCondition', 'shrunk', 'escalation', 'none', 'calculation', 'nri',
          'rateType', 'gross_well_head', 'rateRowsCalculationMethod', 'non_monotonic') AS row
      FROM unnest(ARRAY['oil', 'gas', 'ngl', 'drip_condensate']) WITH ORDINALITY AS p(key, ord)
      WHERE (t.sev #>> '{}')::numeric > 0
      UNION ALL
      SELECT 5, jsonb_build_object('key', 'ad_valorem_tax', 'category', 'ad_val_tax', 'criteria', 'entire_well_life',
          'period', jsonb_build_array('Flat'), 'value', jsonb_build_array(t.adv), 'unit', 'pct_of_revenue',
          'shrinkageCondition', 'shrunk', 'escalation', 'none', 'calculation', 'nri', 'deductSeveranceTax', true,
          'rateType', 'gross_well_head', 'rateRowsCalculationMethod', 'non_monotonic')
      WHERE (t.adv #>> '{}')::numeric > 0
    ) r
  ))),
  m."created_by", m."last_updated_by", m."created_at", now()
FROM "econ_models" m
CROSS JOIN LATERAL (
  SELECT coalesce(m."functions" #> '{productionTaxes,severanceTax}', '0') AS sev,
    coalesce(m."functions" #> '{productionTaxes,adValoremTax}', '0') AS adv
) t
WHERE m."kind" = 'expenses' AND m."functions" -> 'productionTaxes' IS NOT NULL
  AND ((t.sev #>> '{}')::numeric > 0 OR (t.adv #>> '{}')::numeric > 0)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- 2. The production-taxes model goes wherever its expenses model was assigned (scenario, well, qualifier).
INSERT INTO "scenario_assignments" ("scenario_id", "well_id", "kind", "qualifier_name", "econ_model_id", "created_at", "updated_at")
SELECT a."scenario_id", a."well_id", 'production-taxes', a."qualifier_name", t."id", a."created_at", now()
FROM "scenario_assignments" a
JOIN "econ_models" m ON m."id" = a."econ_model_id" AND m."kind" = 'expenses' AND m."functions" -> 'productionTaxes' IS NOT NULL
JOIN "econ_models" t ON t."kind" = 'production-taxes' AND t."company_id" = m."company_id" AND t."scope" = m."scope"
  AND t."name" = m."name" AND substr(t."id", 9) = substr(md5(m."id" || ':production-taxes'), 1, 16)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- 3. The expenses themselves: the fixed cost (flat or by date) as the monthly well cost, each
--    phase's $/unit as its `other` leaf, water as water disposal; each leaf with the service's
--    settings (WI, dealTerms 1: the old amounts were gross × WI). The other leaves are left out:
--    they take their defaults when read.
UPDATE "econ_models" m SET "functions" = jsonb_build_object(
  'fixedExpenses', jsonb_build_object('monthlyWellCost', d.leaf || d.fixed || jsonb_build_object('rows',
    CASE WHEN m."functions" #> '{expenses,fixed,flat}' IS NOT NULL
      THEN jsonb_build_array(jsonb_build_object('entireWellLife', 'Flat', 'fixedExpense', m."functions" #> '{expenses,fixed,flat}'))
      ELSE (SELECT coalesce(jsonb_agg(jsonb_build_object('dates', e.r -> 'date', 'fixedExpense', e.r -> 'cost') ORDER BY e.ord), '[]'::jsonb)
        FROM jsonb_array_elements(m."functions" #> '{expenses,fixed,byDate}') WITH ORDINALITY AS e(r, ord))
    END)),
  'variableExpenses', jsonb_build_object(
    'oil', jsonb_build_object('other', d.leaf || d.shrink || jsonb_build_object('rows', jsonb_build_array(jsonb_build_object('entireWellLife', 'Flat', 'dollarPerBbl',
        coalesce(m."functions" #> '{expenses,variable,oil}', '0'))))),
    'gas', jsonb_build_object('other', d.leaf || d.shrink || jsonb_build_object('rows', jsonb_build_array(jsonb_build_object('entireWellLife', 'Flat', 'dollarPerMcf',
        coalesce(m."functions" #> '{expenses,variable,gas}', '0'))))),
    'ngl', jsonb_build_object('other', d.leaf || jsonb_build_object('rows', jsonb_build_array(jsonb_build_object('entireWellLife', 'Flat', 'dollarPerBbl',
        coalesce(m."functions" #> '{expenses,variable,ngl}', '0'))))),
    'dripCondensate', jsonb_build_object('other',
      d.leaf || jsonb_build_object('rows', jsonb_build_array(jsonb_build_object('entireWellLife', 'Flat', 'dollarPerBbl',
        coalesce(m."functions" #> '{expenses,variable,dripCondensate}', '0')))))),
  'waterDisposal', d.leaf || jsonb_build_object('rows', jsonb_build_array(jsonb_build_object('entireWellLife', 'Flat', 'dollarPerBbl',
        coalesce(m."functions" #> '{expenses,variable,water}', '0')))))
FROM (SELECT
  '{"description": "", "escalationModel": "none", "calculation": "wi", "affectEconLimit": true,
    "deductBeforeSeveranceTax": false, "deductBeforeAdValTax": false, "cap": "", "dealTerms": 1,
    "rateType": "gross_well_head", "rowsCalculationMethod": "non_monotonic"}'::jsonb AS leaf,
  '{"stopAtEconLimit": true, "expenseBeforeFpd": false}'::jsonb AS fixed,
  '{"shrinkageCondition": "unshrunk"}'::jsonb AS shrink) d
WHERE m."kind" = 'expenses' AND m."functions" -> 'expenses' IS NOT NULL;
