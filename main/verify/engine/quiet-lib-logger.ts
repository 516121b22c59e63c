import { setLibSourcifyLogger } from '@ethereum-sourcify/lib-sourcify';

/**
 * lib-sourcify logs every step to the console by default (with request data). Only its errors
 * are worth a line here, and those go to the service log.
 */
export function routeLibSourcifyLogs(log: (line: string) => void): void {
  setLibSourcifyLogger({
    logLevel: 0,
    setLevel() {},
    log(level: number, message: string) {
      if (level === 0) log(`verify: ${message}`);
    },
  });
}
