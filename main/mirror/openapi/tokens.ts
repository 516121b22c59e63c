import type { OperationEntry, Parameter, Schema } from './openapi-types.ts';
import { limit, operation, order } from './operations.ts';
import { ALL_OPERATORS, EQ_ONLY, filterParam, pathParam, timestampFilter, VALUE } from './parameters.ts';
import { arrayOf, base64, bool, entityId, int64, object, page, schemaRef, str, timestamp } from './schema-builders.ts';

/** GET /api/v1/tokens and one token's balances and NFTs. */
const TAG = 'tokens';
const TOKENS = '/api/v1/tokens';
const ONE = `${TOKENS}/{tokenId}`;

const tokenPath = pathParam('tokenId', 'The token: an entity id or a long-zero EVM address.', VALUE.tokenId, '0.0.5001');
/** A positive long (leading zeros allowed, as the route reads it); 0 is refused. */
const serialPath = pathParam('serialNumber', 'The NFT serial number, 1 to 9223372036854775807.', String.raw`0*[1-9]\d{0,18}`, '1');
const serialFilter: Parameter = filterParam({ name: 'serialnumber', description: 'A serial number, positive.', value: VALUE.long, operators: ALL_OPERATORS, example: '1' });
const accountFilter: Parameter = filterParam({ name: 'account.id', description: 'An account: entity id or EVM address.', value: `${VALUE.entityId}|${VALUE.evmAddressWithPrefix}`, operators: ALL_OPERATORS, example: '0.0.1001' });
const key = (): Schema => schemaRef('Key') as Schema;
const tokenType = { type: 'string' as const, enum: ['FUNGIBLE_COMMON', 'NON_FUNGIBLE_UNIQUE'] };
const fraction = (): Schema => object({ denominator: int64(), numerator: int64() });

export const TOKEN_SCHEMAS: Record<string, Schema> = {
  TokenSummary: object({ admin_key: key(), decimals: int64(true), metadata: base64(), name: str(), symbol: str(), token_id: entityId(false), type: tokenType }),
  TokensResponse: page('tokens', 'TokenSummary'),
  CustomFees: {
    oneOf: [
      { ...object({ created_timestamp: timestamp(), fixed_fees: arrayOf(schemaRef('FixedFee')), fractional_fees: arrayOf(schemaRef('FractionalFee')) }), description: 'A fungible token\'s.' },
      { ...object({ created_timestamp: timestamp(), fixed_fees: arrayOf(schemaRef('FixedFee')), royalty_fees: arrayOf(schemaRef('RoyaltyFee')) }), description: 'An NFT collection\'s.' },
    ],
    description: 'The fee schedule with the time it took effect: fixed fees, then fractional fees (fungible tokens) or royalty fees (NFTs).',
  },
  FixedFee: object({ all_collectors_are_exempt: bool(), amount: int64(), collector_account_id: entityId(), denominating_token_id: { ...entityId(), description: 'null: HBAR.' } }),
  FractionalFee: object({
    all_collectors_are_exempt: bool(), amount: fraction(), collector_account_id: entityId(), denominating_token_id: { ...entityId(), description: 'The token itself.' },
    maximum: int64(true), minimum: int64(), net_of_transfers: bool(),
  }),
  RoyaltyFee: object({
    all_collectors_are_exempt: bool(), amount: fraction(), collector_account_id: entityId(),
    fallback_fee: { ...object({ amount: int64(), denominating_token_id: { ...entityId(), description: 'null: HBAR.' } }), nullable: true, description: 'Charged when an NFT changes hands for nothing.' },
  }),
  TokenInfo: object({
    admin_key: key(), auto_renew_account: entityId(), auto_renew_period: int64(true), created_timestamp: timestamp(),
    custom_fees: schemaRef('CustomFees'), decimals: { type: 'string', pattern: '^\\d+$' }, deleted: bool(true), expiry_timestamp: int64(true),
    fee_schedule_key: key(), freeze_default: bool(), freeze_key: key(), initial_supply: { type: 'string', pattern: '^\\d+$' }, kyc_key: key(),
    max_supply: { type: 'string', pattern: '^\\d+$' }, memo: str(true), metadata: base64(), metadata_key: key(), modified_timestamp: timestamp(),
    name: str(), pause_key: key(), pause_status: { type: 'string', enum: ['NOT_APPLICABLE', 'PAUSED', 'UNPAUSED'] }, supply_key: key(),
    supply_type: { type: 'string', enum: ['FINITE', 'INFINITE'] }, symbol: str(), token_id: entityId(false),
    total_supply: { type: 'string', pattern: '^\\d+$' }, treasury_account_id: entityId(), type: tokenType, wipe_key: key(),
  }),
  TokenBalance: object({ account: entityId(false), balance: int64(), decimals: int64(true) }),
  TokenBalancesResponse: page('balances', 'TokenBalance', { timestamp: timestamp() }),
  Nft: object({
    account_id: entityId(), created_timestamp: timestamp(), delegating_spender: entityId(), deleted: bool(), metadata: base64(),
    modified_timestamp: timestamp(), serial_number: int64(), spender: entityId(), token_id: entityId(false),
  }),
  NftsResponse: page('nfts', 'Nft'),
  NftTransaction: object({
    consensus_timestamp: timestamp(false), is_approval: bool(), nonce: int64(), receiver_account_id: entityId(), sender_account_id: entityId(),
    transaction_id: str(), type: str(),
  }),
  NftTransactionsResponse: page('transactions', 'NftTransaction'),
};

export const TOKEN_OPERATIONS: OperationEntry[] = [
  operation({
    path: TOKENS, operationId: 'listTokens', tag: TAG, summary: 'List tokens', cacheSeconds: 10, paged: true, ok: schemaRef('TokensResponse'),
    description: '`name` cannot be combined with `token.id` or `account.id`.',
    parameters: [
      filterParam({ name: 'account.id', description: 'Tokens associated with this account.', value: VALUE.tokenId, operators: EQ_ONLY, example: '0.0.1001' }),
      filterParam({ name: 'publickey', description: 'The admin key: raw or DER-wrapped public key hex.', value: VALUE.publicKey, operators: ALL_OPERATORS, example: 'ab'.repeat(32) }),
      filterParam({ name: 'name', description: 'A part of the token name, 3 to 100 bytes (UTF-8).', value: '[^:]{3,100}', operators: EQ_ONLY, example: 'Demo' }),
      filterParam({ name: 'token.id', description: 'A token id.', value: VALUE.tokenId, operators: ALL_OPERATORS, example: '0.0.5001' }),
      filterParam({ name: 'type', description: 'Token type (any case); `ALL` matches both.', value: 'ALL|FUNGIBLE_COMMON|NON_FUNGIBLE_UNIQUE|all|fungible_common|non_fungible_unique', operators: ['eq', 'ne'], example: 'FUNGIBLE_COMMON' }),
      limit, order('asc'),
    ],
  }),
  operation({
    path: ONE, operationId: 'getToken', tag: TAG, summary: 'One token', cacheSeconds: 5, notFound: true, ok: schemaRef('TokenInfo'),
    description: 'With `timestamp` the token as it stood then. Tokens the store lacks are fetched from the upstream mirror of a synced profile.',
    parameters: [tokenPath, timestampFilter('The token version at (`eq`, `lte`) or before (`lt`) this time.', ['eq', 'lt', 'lte'])],
  }),
  operation({
    path: `${ONE}/balances`, operationId: 'listTokenBalances', tag: TAG, summary: 'Holders of a token', cacheSeconds: 1, paged: true, notFound: true, ok: schemaRef('TokenBalancesResponse'),
    parameters: [tokenPath, accountFilter,
      filterParam({ name: 'account.balance', description: 'A balance in the token\'s smallest unit (0 allowed).', value: VALUE.long, operators: ALL_OPERATORS, example: '0' }),
      filterParam({ name: 'account.publickey', description: 'The holder\'s public key (the last one given applies).', value: VALUE.publicKey, operators: ALL_OPERATORS, example: 'ab'.repeat(32) }),
      timestampFilter('Balances of the newest snapshot at or before this time.'), limit, order('desc')],
  }),
  operation({
    path: `${ONE}/nfts`, operationId: 'listTokenNfts', tag: TAG, summary: 'NFTs of a token', cacheSeconds: 1, paged: true, notFound: true, ok: schemaRef('NftsResponse'),
    parameters: [tokenPath, accountFilter, serialFilter, limit, order('desc')],
  }),
  operation({
    path: `${ONE}/nfts/{serialNumber}`, operationId: 'getNft', tag: TAG, summary: 'One NFT', cacheSeconds: 1, notFound: true, ok: schemaRef('Nft'),
    parameters: [tokenPath, serialPath],
  }),
  operation({
    path: `${ONE}/nfts/{serialNumber}/transactions`, operationId: 'listNftTransactions', tag: TAG, summary: 'Transfer history of one NFT', cacheSeconds: 1, paged: true, notFound: true,
    ok: schemaRef('NftTransactionsResponse'), description: 'Answers 206 (same body) when the history is incomplete in the store.',
    parameters: [tokenPath, serialPath, timestampFilter('The transfer time.'), limit, order('desc')],
    extraResponses: { '206': { description: 'Partial history', content: { 'application/json': { schema: schemaRef('NftTransactionsResponse') } } } },
  }),
];
