import { formatEntityId, formatOptionalEntityId } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import { transactionTypeName } from '../format/transaction-type.ts';
import type { NftEventRow } from './nft-transactions-repository.ts';
import { TOKEN_DELETION_TYPE } from './nft-transactions-sql.ts';

/** `payer-seconds-nanos`, the transaction id form of the REST API. */
function transactionId(payer: bigint, validStart: bigint): string {
  return `${formatEntityId(payer)}-${formatTimestamp(validStart)!.replace('.', '-')}`;
}

/** One entry of an NFT's transaction history; a token deletion moves the NFT to nobody. */
export function renderNftTransaction(row: NftEventRow): Record<string, unknown> {
  const transfer = Number(row.type) === TOKEN_DELETION_TYPE ? null : row.transfer;
  return {
    consensus_timestamp: formatTimestamp(row.consensus_timestamp),
    is_approval: transfer?.is_approval === 1n,
    nonce: int64(row.nonce),
    receiver_account_id: formatOptionalEntityId(transfer?.receiver_account_id),
    sender_account_id: formatOptionalEntityId(transfer?.sender_account_id),
    transaction_id: transactionId(row.payer_account_id, row.valid_start_ns),
    type: transactionTypeName(row.type),
  };
}
