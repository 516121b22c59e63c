/**
 * Transaction types by their HAPI proto id, named as the reference's API names them: its OpenAPI
 * document's TransactionTypes (../shared/conformance/mirror/openapi.yml) and the ids of its
 * TransactionType enum. 75 was LAMBDASSTORE before HIP-1195 named it HOOKSTORE; the reference no
 * longer takes the old name. Unknown ids render as UNKNOWN.
 */
const NAMES: Readonly<Record<number, string>> = {
  7: 'CONTRACTCALL', 8: 'CONTRACTCREATEINSTANCE', 9: 'CONTRACTUPDATEINSTANCE', 10: 'CRYPTOADDLIVEHASH',
  11: 'CRYPTOCREATEACCOUNT', 12: 'CRYPTODELETE', 13: 'CRYPTODELETELIVEHASH', 14: 'CRYPTOTRANSFER',
  15: 'CRYPTOUPDATEACCOUNT', 16: 'FILEAPPEND', 17: 'FILECREATE', 18: 'FILEDELETE', 19: 'FILEUPDATE',
  20: 'SYSTEMDELETE', 21: 'SYSTEMUNDELETE', 22: 'CONTRACTDELETEINSTANCE', 23: 'FREEZE',
  24: 'CONSENSUSCREATETOPIC', 25: 'CONSENSUSUPDATETOPIC', 26: 'CONSENSUSDELETETOPIC',
  27: 'CONSENSUSSUBMITMESSAGE', 28: 'UNCHECKEDSUBMIT', 29: 'TOKENCREATION', 31: 'TOKENFREEZE',
  32: 'TOKENUNFREEZE', 33: 'TOKENGRANTKYC', 34: 'TOKENREVOKEKYC', 35: 'TOKENDELETION', 36: 'TOKENUPDATE',
  37: 'TOKENMINT', 38: 'TOKENBURN', 39: 'TOKENWIPE', 40: 'TOKENASSOCIATE', 41: 'TOKENDISSOCIATE',
  42: 'SCHEDULECREATE', 43: 'SCHEDULEDELETE', 44: 'SCHEDULESIGN', 45: 'TOKENFEESCHEDULEUPDATE',
  46: 'TOKENPAUSE', 47: 'TOKENUNPAUSE', 48: 'CRYPTOAPPROVEALLOWANCE', 49: 'CRYPTODELETEALLOWANCE',
  50: 'ETHEREUMTRANSACTION', 51: 'NODESTAKEUPDATE', 52: 'UTILPRNG', 53: 'TOKENUPDATENFTS', 54: 'NODECREATE',
  55: 'NODEUPDATE', 56: 'NODEDELETE', 57: 'TOKENREJECT', 58: 'TOKENAIRDROP', 59: 'TOKENCANCELAIRDROP',
  60: 'TOKENCLAIMAIRDROP', 74: 'ATOMICBATCH', 75: 'HOOKSTORE', 77: 'LEDGERIDPUBLICATION',
  101: 'REGISTEREDNODECREATE', 102: 'REGISTEREDNODEUPDATE', 103: 'REGISTEREDNODEDELETE',
};

const IDS: ReadonlyMap<string, number> = new Map(Object.entries(NAMES).map(([id, name]) => [name, Number(id)]));

export const SCHEDULE_CREATE_TYPE = 42;

/** Every type name the API knows, sorted; the explorer's type filter offers these. */
export const TRANSACTION_TYPE_NAMES: readonly string[] = Object.values(NAMES).sort();

export function transactionTypeName(id: number | bigint): string {
  return NAMES[Number(id)] ?? 'UNKNOWN';
}

/** The proto id of a type name (any case), or null for a name the API does not know. */
export function transactionTypeId(name: string): number | null {
  return IDS.get(name.toUpperCase()) ?? null;
}

/** Names an older upstream mirror node still writes for a type since renamed. */
const FORMER_NAMES: ReadonlyMap<string, number> = new Map([['LAMBDASSTORE', 75]]);

/**
 * The proto id of a type name as an upstream wrote it: its current name or a former one, so that a
 * sync from a mirror node not yet renamed keeps those transactions (they render by the current name).
 */
export function upstreamTransactionTypeId(name: string): number | null {
  return transactionTypeId(name) ?? FORMER_NAMES.get(name.toUpperCase()) ?? null;
}
