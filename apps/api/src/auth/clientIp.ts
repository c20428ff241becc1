import type { Context } from 'hono';

/** The socket's remote address when served by @hono/node-server; `undefined` in-process. */
function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/**
 * The address the per-IP limit counts. With `hops` = 0 it is the socket's; with N trusted
 * proxies it is the Nth address from the right of `X-Forwarded-For` (each proxy appends the
 * address it received from), never a header a client could set on its own.
 */
export function clientIp(c: Context, hops: number): string {
  const chain = [socketAddress(c) ?? 'local'];
  if (hops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .reverse();
    chain.push(...forwarded);
  }
  return chain[Math.min(hops, chain.length - 1)]!;
}
