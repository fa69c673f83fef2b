import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs, built once per cold start. */
export const logger = new Logger({
  serviceName: 'cuota-api',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'DEBUG' | 'WARN' | 'ERROR' | undefined) ?? 'INFO',
});
