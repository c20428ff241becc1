ALTER TABLE "wells" ADD COLUMN "first_prod_date_daily_calc" date;--> statement-breakpoint
ALTER TABLE "wells" ADD COLUMN "last_prod_date_daily" date;--> statement-breakpoint
ALTER TABLE "wells" ADD COLUMN "first_prod_date_monthly_calc" date;--> statement-breakpoint
ALTER TABLE "wells" ADD COLUMN "last_prod_date_monthly" date;--> statement-breakpoint
ALTER TABLE "wells" ADD COLUMN "cum_oil" double precision;--> statement-breakpoint
ALTER TABLE "wells" ADD COLUMN "cum_gas" double precision;--> statement-breakpoint
ALTER TABLE "wells" ADD COLUMN "cum_water" double precision;--> statement-breakpoint
UPDATE "wells" w SET
  first_prod_date_daily_calc = d.first, last_prod_date_daily = d.last,
  first_prod_date_monthly_calc = m.first, last_prod_date_monthly = m.last,
  cum_oil = CASE WHEN m.n > 0 THEN m.oil WHEN d.n > 0 THEN d.oil END,
  cum_gas = CASE WHEN m.n > 0 THEN m.gas WHEN d.n > 0 THEN d.gas END,
  cum_water = CASE WHEN m.n > 0 THEN m.water WHEN d.n > 0 THEN d.water END
FROM "wells" x
  CROSS JOIN LATERAL (SELECT min(date) FILTER (WHERE coalesce(oil, 0) > 0 OR coalesce(gas, 0) > 0 OR coalesce(water, 0) > 0) AS first,
      max(date) FILTER (WHERE coalesce(oil, 0) > 0 OR coalesce(gas, 0) > 0 OR coalesce(water, 0) > 0) AS last,
      sum(coalesce(oil, 0)) AS oil, sum(coalesce(gas, 0)) AS gas, sum(coalesce(water, 0)) AS water, count(*) AS n
    FROM "daily_productions" p WHERE p.well_id = x.id) d
  CROSS JOIN LATERAL (SELECT min(date) FILTER (WHERE coalesce(oil, 0) > 0 OR coalesce(gas, 0) > 0 OR coalesce(water, 0) > 0) AS first,
      max(date) FILTER (WHERE coalesce(oil, 0) > 0 OR coalesce(gas, 0) > 0 OR coalesce(water, 0) > 0) AS last,
      sum(coalesce(oil, 0)) AS oil, sum(coalesce(gas, 0)) AS gas, sum(coalesce(water, 0)) AS water, count(*) AS n
    FROM "monthly_productions" p WHERE p.well_id = x.id) m
WHERE x.id = w.id
  AND x.id IN (SELECT well_id FROM "daily_productions" UNION SELECT well_id FROM "monthly_productions");
