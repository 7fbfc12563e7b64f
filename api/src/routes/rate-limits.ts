import type { Config } from '../config';

export interface RateLimitConfig {
  /** Login, signup and password reset: per client IP. */
  auth: { max: number; timeWindow: number };
  /** Sending OTP / WhatsApp codes: per client IP; a tenth of the auth budget since each one sends a message. */
  codes: { max: number; timeWindow: number };
  /** Browser reports (errors, Web Vitals): per client IP; a page sends a batch every few seconds at most. */
  reports: { max: number; timeWindow: number };
}

export function rateLimitsFrom(config: Config): RateLimitConfig {
  return {
    auth: { max: config.rateLimitMax, timeWindow: config.rateLimitWindowMs },
    codes: { max: Math.max(1, Math.ceil(config.rateLimitMax / 10)), timeWindow: config.rateLimitWindowMs },
    reports: { max: config.rateLimitMax, timeWindow: config.rateLimitWindowMs },
  };
}
