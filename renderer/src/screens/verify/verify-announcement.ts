import type { VerifySessionContract } from '../../../../main/common/verify-types.ts';

/**
 * The line a screen reader is told when a contract's own Verify answers (the card shows the whole
 * result; "Verify all" says its summary instead). A failure's reason is its card's alert.
 */
export function verifiedAnnouncement(contract: Pick<VerifySessionContract, 'name' | 'status'>): string {
  switch (contract.status) {
    case 'perfect': return `${contract.name} verified: perfect match`;
    case 'partial': return `${contract.name} verified: partial match`;
    case 'error': return `${contract.name} not verified`;
    default: return '';
  }
}
