import type { FastifyInstance } from 'fastify';
import type { VerifyService } from '../verify-service.ts';
import { FORM_CONTENT_TYPE } from './form-body.ts';
import { registerLookupRoutes } from './lookup-routes.ts';
import { registerRepositoryRoutes } from './repository-routes.ts';
import { v2ErrorHandler } from './sourcify-v2-errors.ts';
import { registerV2EtherscanRoute } from './v2-etherscan-routes.ts';
import { registerV2VerifyRoutes } from './v2-verify-routes.ts';

/**
 * Sourcify's repository routes (errors `{error}`, like the rest of interface B) and its APIv2
 * lookup and verification jobs, in their own scope so that every v2 error answers in Sourcify's
 * v2 shape `{customCode, message, errorId}`.
 */
export function registerSourcifyRoutes(app: FastifyInstance, service: VerifyService, log: (line: string) => void): void {
  const listing = service.listing;
  registerRepositoryRoutes(app, service, listing);
  void app.register(async (v2) => {
    v2.setErrorHandler(v2ErrorHandler(log, (error) => service.health.failureOf(error)));
    // APIv2 takes JSON bodies only, as Sourcify's: a form is refused (400 invalid_parameter) rather than read.
    v2.removeContentTypeParser(FORM_CONTENT_TYPE);
    registerLookupRoutes(v2, service, listing);
    // The jobs are the service's: it ends those still running when it closes (VerifyService.close).
    registerV2VerifyRoutes(v2, service, service.jobs);
    registerV2EtherscanRoute(v2, service, service.jobs);
  });
}
