/**
 * A moment as this machine's clock shows it, `14:05:09` (24-hour, local time): for "wait until …"
 * said to someone who will look at the clock, where a date or an ISO time would only be in the way.
 */
export function clockTime(ms: number): string {
  const at = new Date(ms);
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}
