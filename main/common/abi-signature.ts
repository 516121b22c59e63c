/**
 * Canonical ABI signatures (`transfer(address,uint256)`), the text whose keccak256 gives a
 * function's selector and an event's topic. One spelling for the verify API's `signatures` field
 * and the explorer's names of calls and logs. Pure: imported by main and renderer.
 */

/** What a canonical type is read from: a parameter's type and, for a tuple, its components. */
export interface AbiTypeShape {
  type: string;
  components?: readonly AbiTypeShape[];
}

/** The canonical type: tuples spelled out as `(t1,t2)`, array suffixes kept (`(uint256,address)[]`). */
export function canonicalType(parameter: AbiTypeShape): string {
  if (!parameter.type.startsWith('tuple')) return parameter.type;
  return `(${(parameter.components ?? []).map(canonicalType).join(',')})${parameter.type.slice('tuple'.length)}`;
}

export function abiSignature(entry: { name: string; inputs: readonly AbiTypeShape[] }): string {
  return `${entry.name}(${entry.inputs.map(canonicalType).join(',')})`;
}
