import { ApiFailure } from '../bridge/api-error.ts';
import type { VerifyService } from '../verify/verify-service.ts';

/**
 * The verification database's failure (damaged, its disk full: VerifyDbHealth) as the app's
 * channels answer it: `unavailable`, with the message that names the file and says what to do,
 * where the bridge would say only "failed unexpectedly". Null for any other error. Only errors of
 * the service's own work may be given: those of the open profile's ledger are not this database's.
 */
export function verifyDbFailure(service: VerifyService, error: unknown): ApiFailure | null {
  const failure = service.health.failureOf(error);
  return failure ? new ApiFailure('unavailable', failure.message) : null;
}
