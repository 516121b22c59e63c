import { formatEntityId } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import { formatTimestamp } from '../format/timestamp.ts';

export interface AccountTokenRow {
  automatic_association: bigint | null;
  balance: bigint;
  created_timestamp: bigint | null;
  decimals: bigint | null;
  freeze_status: bigint | null;
  kyc_status: bigint | null;
  token_id: bigint;
}

const FREEZE_STATUS = ['NOT_APPLICABLE', 'FROZEN', 'UNFROZEN'];
const KYC_STATUS = ['NOT_APPLICABLE', 'GRANTED', 'REVOKED'];

/** One token relationship of GET /api/v1/accounts/{id}/tokens. */
export function renderAccountToken(row: AccountTokenRow): Record<string, unknown> {
  return {
    automatic_association: row.automatic_association === null ? null : row.automatic_association !== 0n,
    balance: int64(row.balance),
    created_timestamp: formatTimestamp(row.created_timestamp),
    decimals: int64(row.decimals),
    freeze_status: row.freeze_status === null ? null : FREEZE_STATUS[Number(row.freeze_status)] ?? null,
    kyc_status: row.kyc_status === null ? null : KYC_STATUS[Number(row.kyc_status)] ?? null,
    token_id: formatEntityId(row.token_id),
  };
}
