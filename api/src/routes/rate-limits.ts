import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

export interface RateLimitConfig {
  /** Login, signup and password reset: per client IP. */
  auth: { max: number; timeWindow: number };
  /** Sending OTP / WhatsApp codes: per client IP; a tenth of the auth budget since each one sends a message. */
  codes: { max: number; timeWindow: number };
  /**
   * Browser reports (errors, Web Vitals): per client IP, a tenth of the auth budget (a page sends a batch every few
   * seconds at most, and each batch holds up to 50 reports).
   */
  reports: { max: number; timeWindow: number };
  /** PDF documents (invoice or receipt, monthly statement): per customer, each route on its own; each costs a render. */
  pdfs: { max: number; timeWindow: number };
}

/** PDFs one customer may download per route per window: far beyond what a person reads, far below a flood. */
export const PDFS_PER_WINDOW = 30;

export function rateLimitsFrom(config: Config): RateLimitConfig {
  return {
    auth: { max: config.rateLimitMax, timeWindow: config.rateLimitWindowMs },
    codes: { max: Math.max(1, Math.ceil(config.rateLimitMax / 10)), timeWindow: config.rateLimitWindowMs },
    reports: { max: Math.max(1, Math.ceil(config.rateLimitMax / 10)), timeWindow: config.rateLimitWindowMs },
    pdfs: { max: PDFS_PER_WINDOW, timeWindow: config.rateLimitWindowMs },
  };
}

/** A route's per-customer limit: counted by the signed-in customer (the session is resolved before this runs). */
export const perCustomer = (limit: { max: number; timeWindow: number }) => ({
  ...limit,
  keyGenerator: (req: FastifyRequest) => `customer:${req.currentUser?.id ?? req.ip}`,
});
