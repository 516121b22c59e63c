const FREE_MEMORY_POINTERS = ['60806040', '60606040'];
const CODECOPY = '39';
const RETURN = 'f3';

/**
 * Whether call data looks like a contract's init code, by the reference's own test
 * (BytecodeUtils.isInitBytecode): Solidity's free memory pointer setup, later a CODECOPY, later
 * a RETURN, each at least one hex digit after the one before. The reference matches hex digits,
 * not whole bytes, and so does this. Used only where the reference uses it: to let a call that
 * sends value without a `to` through as a creation.
 */
export function looksLikeInitCode(hexDigits: string): boolean {
  const data = hexDigits.toLowerCase();
  const pointers = FREE_MEMORY_POINTERS.map((marker) => data.indexOf(marker)).filter((index) => index >= 0);
  if (pointers.length === 0) return false;
  const codeCopy = data.indexOf(CODECOPY, Math.min(...pointers) + FREE_MEMORY_POINTERS[0]!.length + 1);
  return codeCopy >= 0 && data.indexOf(RETURN, codeCopy + CODECOPY.length + 1) >= 0;
}
