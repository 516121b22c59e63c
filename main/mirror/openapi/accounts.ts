import { TRANSACTION_TYPE_NAMES } from '../format/transaction-type.ts';
import type { FilterOperator } from '../http/filter-operator.ts';
import type { OperationEntry, Parameter, Schema } from './openapi-types.ts';
import { javaLimit, limit, operation, order } from './operations.ts';
import { ALL_OPERATORS, booleanParam, EQ_ONLY, filterParam, NO_NE, pathParam, plainParam, timestampFilter, VALUE, type Repeat } from './parameters.ts';
import { arrayOf, bool, entityId, evmAddress, int32, int64, object, page, schemaRef, str, timestamp } from './schema-builders.ts';
import { PREFIX_NOTE } from './components.ts';

/** GET /api/v1/accounts, one account, and its sub-resources (tokens, NFTs, allowances, rewards, hooks). */
const TAG = 'accounts';
const ACCOUNTS = '/api/v1/accounts';
const ONE = `${ACCOUNTS}/{idOrAliasOrEvmAddress}`;

const accountPath = pathParam('idOrAliasOrEvmAddress', 'The account: `shard.realm.num`, an encoded id, a base32 alias (optionally prefixed with `shard.realm.`) or an EVM address.', VALUE.accountPath, '0.0.1001');
const publicKey = (name: string): Parameter => filterParam({ name, description: 'A public key: 32 or 33 bytes of hex, or a DER-wrapped ED25519 key, optional 0x.', value: VALUE.publicKey, operators: ALL_OPERATORS, example: 'ab'.repeat(32) });
export const transactionTypeParam = (): Parameter => filterParam({ name: 'transactiontype', description: `A transaction type name (any case): ${TRANSACTION_TYPE_NAMES.length} names, see the enumeration.`, value: TRANSACTION_TYPE_NAMES.join('|'), operators: EQ_ONLY, example: 'CRYPTOTRANSFER' });
const spender = (repeat?: Repeat): Parameter => filterParam({ name: 'spender.id', description: 'The spender: an entity id or an EVM address.', value: `${VALUE.entityId}|${VALUE.evmAddressWithPrefix}`, operators: NO_NE, example: '0.0.1002', repeat });
interface TokenIdOptions {
  requires?: string[];
  operators?: readonly FilterOperator[];
  note?: string;
  repeat?: Repeat;
  maxValues?: number;
}
const tokenId = ({ requires, operators = ALL_OPERATORS, note = '', repeat, maxValues }: TokenIdOptions = {}): Parameter => filterParam({
  name: 'token.id', description: `A token id (entity id or long-zero EVM address).${requires ? ` Only together with \`${requires[0]}\`.` : ''}${note}`,
  value: VALUE.tokenId, operators, example: '0.0.5001', repeat, maxValues, ...(requires ? { requires } : {}),
});
/** How the routes the reference serves from its Java module answer, said on each of them. */
const AS_JAVA_MODULE = 'As the reference\'s Java module: `limit` 1 to 100 (25 without one), undeclared query keys ignored, errors worded `{data, detail, message}`.';
/** Where those routes take `ne` and let it bound nothing. */
const NE_IGNORED = ' `ne` is ignored, as the reference\'s Java module ignores it.';
/** A 32-byte word as the hooks module renders it: 0x and 64 lowercase hex digits. */
const WORD: Schema = { type: 'string', pattern: '^0x[0-9a-f]{64}$' };

export const ACCOUNT_SCHEMAS: Record<string, Schema> = {
  AccountBalance: { ...object({ balance: int64(true), timestamp: timestamp(), tokens: arrayOf(object({ token_id: entityId(false), balance: int64() })) }), nullable: true },
  AccountInfo: object({
    account: entityId(), alias: { type: 'string', pattern: '^[A-Z2-7]+$', nullable: true }, auto_renew_period: int64(true),
    balance: schemaRef('AccountBalance'), created_timestamp: timestamp(), decline_reward: bool(), deleted: bool(true),
    ethereum_nonce: int64(true), evm_address: evmAddress(), expiry_timestamp: timestamp(), key: schemaRef('Key'),
    max_automatic_token_associations: int32(true), memo: str(true), pending_reward: int64(), receiver_sig_required: bool(true),
    staked_account_id: entityId(), staked_node_id: int64(true), stake_period_start: timestamp(),
  }, ['pending_reward']),
  AccountsResponse: page('accounts', 'AccountInfo'),
  AccountDetail: {
    allOf: [schemaRef('AccountInfo'), object({ transactions: arrayOf(schemaRef('Transaction')), links: schemaRef('Links') }, ['transactions'])],
    description: 'One account with its newest transactions (omitted with `transactions=false`).',
  },
  TokenRelationship: object({
    automatic_association: bool(true), balance: int64(), created_timestamp: timestamp(), decimals: int64(true),
    freeze_status: { type: 'string', enum: ['NOT_APPLICABLE', 'FROZEN', 'UNFROZEN'], nullable: true },
    kyc_status: { type: 'string', enum: ['NOT_APPLICABLE', 'GRANTED', 'REVOKED'], nullable: true }, token_id: entityId(false),
  }),
  Allowance: object({
    amount: int64(), amount_granted: int64(), owner: entityId(false), spender: entityId(false),
    timestamp: schemaRef('TimestampRange'), token_id: entityId(false),
  }, ['token_id']),
  NftAllowance: object({
    approved_for_all: bool(), owner: entityId(false), spender: entityId(false), timestamp: schemaRef('TimestampRange'), token_id: entityId(false),
  }),
  TokenAirdrop: object({
    amount: { ...int64(true), description: 'Units of a fungible token; null for an NFT.' }, receiver_id: entityId(false), sender_id: entityId(false),
    serial_number: { ...int64(true), description: 'The NFT; null for a fungible token.' }, timestamp: schemaRef('TimestampRange'), token_id: entityId(false),
  }),
  StakingReward: object({ account_id: entityId(false), amount: int64(), timestamp: timestamp(false) }),
  Hook: {
    ...object({
      admin_key: schemaRef('Key') as Schema, contract_id: { ...entityId(), description: 'The contract whose bytecode the hook runs.' }, created_timestamp: timestamp(),
      deleted: bool(), extension_point: { type: 'string', enum: ['ACCOUNT_ALLOWANCE_HOOK'] }, hook_id: int64(),
      owner_id: entityId(false), timestamp_range: schemaRef('TimestampRange') as Schema, type: { type: 'string', enum: ['EVM'] },
    }),
    description: 'An EVM hook of the account (HIP-1195).',
  },
  HookStorageEntry: {
    ...object({ key: WORD, timestamp: timestamp(false), value: { ...WORD, nullable: true, description: 'The word stored; nullable, as the reference documents it.' } }),
    description: 'One 32-byte storage word of a hook.',
  },
  Balance: object({ account: entityId(false), balance: int64(), tokens: arrayOf(object({ token_id: entityId(false), balance: int64() })) }),
  BalancesResponse: page('balances', 'Balance', { timestamp: timestamp() }),
  AccountTokensResponse: page('tokens', 'TokenRelationship'),
  AllowancesResponse: page('allowances', 'Allowance'),
  NftAllowancesResponse: page('allowances', 'NftAllowance'),
  TokenAirdropsResponse: page('airdrops', 'TokenAirdrop'),
  StakingRewardsResponse: page('rewards', 'StakingReward'),
  HooksResponse: page('hooks', 'Hook'),
  HookStorageResponse: object({ hook_id: int64(), owner_id: entityId(false), storage: arrayOf(schemaRef('HookStorageEntry')), links: schemaRef('Links') }),
};

const accountsList = operation({
  path: ACCOUNTS, operationId: 'listAccounts', tag: TAG, summary: 'List accounts', cacheSeconds: 10, paged: true,
  description: 'Accounts in id order. `limit` here is bounded by the interface specification (1 to 100); `order` given twice is ignored.',
  parameters: [
    filterParam({ name: 'account.id', description: 'An account id: `shard.realm.num` or an encoded id, each part 1 to 10 digits.', value: String.raw`\d{1,10}|\d{1,10}\.\d{1,10}\.\d{1,10}`, operators: ALL_OPERATORS, example: '0.0.1001' }),
    filterParam({ name: 'account.balance', description: 'A balance in tinybars, 1 to 10 digits.', value: String.raw`\d{1,10}`, operators: ALL_OPERATORS, example: '100' }),
    publicKey('account.publickey'),
    booleanParam('balance', 'Whether to include balances (false also drops `account.balance` filters). Default true.', true),
    plainParam('limit', `Page size, 1 to 100 (capped at the configured maximum). Repeated, every value must be valid and the last one is used. ${PREFIX_NOTE.none}`, { type: 'integer', minimum: 1, maximum: 100, default: 25 }, 25),
    order('asc', 'none'),
  ],
  ok: schemaRef('AccountsResponse'),
});

/** One sub-resource list; `java` for the routes the reference serves from its Java module (their own `limit` and `order`). */
const sub = (suffix: string, operationId: string, summary: string, cacheSeconds: number, parameters: Parameter[], okName: string, orderFallback: 'asc' | 'desc', description?: string, java = false): OperationEntry =>
  operation({ path: `${ONE}${suffix}`, operationId, tag: TAG, summary, cacheSeconds, paged: true, notFound: true, ok: schemaRef(okName),
    parameters: [accountPath, ...parameters, java ? javaLimit : limit, order(orderFallback, java ? 'none' : 'any')], ...(description ? { description } : {}) });

export const ACCOUNT_OPERATIONS: OperationEntry[] = [
  accountsList,
  operation({
    path: ONE, operationId: 'getAccount', tag: TAG, summary: 'One account with its transactions', cacheSeconds: 2, notFound: true, paged: true, ok: schemaRef('AccountDetail'),
    description: 'With `timestamp` the account as it stood then (historical staking data). Entities the store lacks are fetched from the upstream mirror of a synced profile. '
      + '`limit`, `order` and `links.next` page the nested transactions.',
    parameters: [accountPath, timestampFilter('The account state and transactions at or within this time.'), transactionTypeParam(),
      booleanParam('transactions', 'Whether to include the nested transactions list. Default true.', true), limit, order('desc')],
  }),
  sub('/tokens', 'listAccountTokens', 'Token relationships of an account', 1, [tokenId()], 'AccountTokensResponse', 'asc'),
  sub('/nfts', 'listAccountNfts', 'NFTs owned by an account', 1, [tokenId({ operators: NO_NE, repeat: 'range' }),
    filterParam({ name: 'serialnumber', description: 'A serial number, positive; only together with `token.id`.', value: VALUE.long, operators: NO_NE, example: '1', requires: ['token.id'], repeat: 'range' }), spender()], 'NftsResponse', 'desc',
    'Range filters on `serialnumber` need an equal `token.id`; at most one lower and one upper bound on `spender.id`; `ne` is refused on `spender.id`.'),
  sub('/allowances/crypto', 'listCryptoAllowances', 'HBAR allowances an account granted', 1, [spender()], 'AllowancesResponse', 'desc', 'Only active allowances; `amount` is what remains.'),
  sub('/allowances/tokens', 'listTokenAllowances', 'Fungible token allowances an account granted', 1, [spender('range'), tokenId({ requires: ['spender.id'], operators: NO_NE, repeat: 'range' })], 'AllowancesResponse', 'asc',
    'Without `limit` at most 25 rows, whatever the configured default (the reference serves this from a module with a fixed page size).'),
  sub('/allowances/nfts', 'listNftAllowances', 'Approvals for all of an NFT collection', 1, [
    filterParam({ name: 'account.id', description: 'The other party: the spender, or with `owner=false` the owner. An entity id.', value: VALUE.entityId, operators: NO_NE, example: '0.0.1002', repeat: 'range' }),
    tokenId({ requires: ['account.id'], operators: NO_NE, repeat: 'range' }),
    booleanParam('owner', 'true (default): approvals the account granted; false: approvals granted to it.', true),
  ], 'NftAllowancesResponse', 'asc', `Sorted by the other party, then token; revoked approvals are left out. ${AS_JAVA_MODULE}`, true),
  ...(['outstanding', 'pending'] as const).map((side) => sub(`/airdrops/${side}`, side === 'outstanding' ? 'listOutstandingAirdrops' : 'listPendingAirdrops',
    side === 'outstanding' ? 'Airdrops the account sent that wait to be claimed' : 'Airdrops sent to the account that wait to be claimed', 1, [
      filterParam({ name: side === 'outstanding' ? 'receiver.id' : 'sender.id', description: `The ${side === 'outstanding' ? 'receiver' : 'sender'}: an entity id.${NE_IGNORED}`, value: VALUE.entityId, operators: ALL_OPERATORS, example: '0.0.1002', maxValues: 2 }),
      tokenId({ note: NE_IGNORED, maxValues: 2 }),
      filterParam({ name: 'serialnumber', description: `An NFT serial number (0 stands for a fungible airdrop).${NE_IGNORED}`, value: VALUE.long, operators: ALL_OPERATORS, example: '1', maxValues: 2 }),
    ], 'TokenAirdropsResponse', 'asc',
    `Only pending airdrops (HIP-904), sorted by (other party, token, serial number). Any bounds on any column, at most two values per filter; filters and next links as there. ${AS_JAVA_MODULE}`, true)),
  sub('/rewards', 'listStakingRewards', 'Staking rewards paid to an account', 60, [timestampFilter('The payout time.', NO_NE)], 'StakingRewardsResponse', 'desc'),
  sub('/hooks', 'listHooks', 'Hooks of an account', 1, [filterParam({ name: 'hook.id', description: `A hook id, 0 or more.${NE_IGNORED}`, value: VALUE.long, operators: ALL_OPERATORS, example: '1' })], 'HooksResponse', 'desc',
    AS_JAVA_MODULE, true),
  sub('/hooks/{hookId}/storage', 'listHookStorage', 'Storage of one hook', 1, [
    pathParam('hookId', 'The hook id, 0 or more (a negative one is a 400 `hookId must be greater than or equal to 0`).', VALUE.long, '1'),
    filterParam({ name: 'key', description: 'A storage key, 1 to 64 hex digits (left-padded to 32 bytes), optional 0x.', value: '(?:0x)?[0-9A-Fa-f]{1,64}', operators: NO_NE, example: '0x01' }),
    timestampFilter('Storage as of this time range.', NO_NE, { maxValues: 2 }),
  ], 'HookStorageResponse', 'asc', AS_JAVA_MODULE, true),
];

export const BALANCE_OPERATIONS: OperationEntry[] = [operation({
  path: '/api/v1/balances', operationId: 'listBalances', tag: 'balances', summary: 'Account balances', cacheSeconds: 1, paged: true, ok: schemaRef('BalancesResponse'),
  description: 'Current balances, or with `timestamp` those of the newest balance snapshot at or before it. Messages keep URL order.',
  parameters: [
    filterParam({ name: 'account.id', description: 'An entity id (any operator), or one EVM address or base32 alias (equality only).', value: `${VALUE.entityId}|${VALUE.evmAddress}|[A-Z2-7]+`, operators: ALL_OPERATORS, example: '0.0.1001' }),
    filterParam({ name: 'account.balance', description: 'A balance in tinybars (0 allowed).', value: VALUE.long, operators: ALL_OPERATORS, example: '0' }),
    publicKey('account.publickey'), timestampFilter('Selects the balance snapshot.'),
    plainParam('limit', `Page size: 1 to 19 digits, positive; larger values are capped at the configured maximum (default 25, maximum 100). ${PREFIX_NOTE.eq} The last value given wins.`,
      { type: 'integer', format: 'int64', minimum: 1, default: 25 }, 25),
    order('desc', 'eq'),
  ],
})];
