import {
  PriceDeckFunctions,
  PriceDeckFunctionsView,
  type PricingFunctions,
  priceDeckFromPricing,
  pricingFromPriceDeck,
} from '@econ/contract';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../appEnv';
import type { KindRoutes } from './routes';
import { toDocument } from './store';

/*
 * Our old `price-deck` route, kept for one release (issue 19, decision 037): it serves the `pricing`
 * models in the old body. A body it receives is validated as before and stored as a pricing model;
 * a pricing model reads back in the old shape when that shape can say it (else as stored, in the
 * pricing shape). Every answer carries `Deprecation` (RFC 9745, the date it was deprecated) and a
 * `Link` to the pricing route (`rel="successor-version"`).
 */

/** 2026-11-26T00:00:00Z, the release that deprecated the route, as RFC 9745's `@` Unix seconds. */
export const PRICE_DECK_DEPRECATED_AT = Date.UTC(2026, 10, 26) / 1000;

const deprecation: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // The path as sent (percent-encoded), so any id makes a valid header value.
  const successor = new URL(c.req.url).pathname.replace(/\/price-deck(?=\/|$)/, '/pricing');
  c.res.headers.set('Deprecation', `@${PRICE_DECK_DEPRECATED_AT}`);
  c.res.headers.append('Link', `<${successor}>; rel="successor-version"`);
};

/** A stored pricing model as the old route reads it. */
export function priceDeckDocument(doc: Record<string, unknown>): Record<string, unknown> {
  const { priceModel, breakeven, ...envelope } = doc;
  const old = priceDeckFromPricing({ priceModel, breakeven } as PricingFunctions);
  return old ? { ...envelope, ...old } : doc;
}

export const PRICE_DECK_ROUTES: KindRoutes = {
  segment: 'price-deck',
  kind: 'pricing',
  title: 'Price deck (deprecated: use pricing)',
  functions: PriceDeckFunctions.transform((old) => pricingFromPriceDeck(old)),
  documented: PriceDeckFunctions,
  functionsView: PriceDeckFunctionsView,
  document: (row) => priceDeckDocument(toDocument('pricing', row)),
  deprecation,
};
