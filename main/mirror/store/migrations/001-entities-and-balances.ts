/**
 * Entities, staking and token relationships: what the accounts list reads. Tables and
 * columns follow the reference mirror node's schema; PostgreSQL int8range columns become
 * `<name>_lower` / `<name>_upper` pairs (upper NULL = open). Closed ranges live in the
 * matching `_history` table, as in the reference.
 */
const entityColumns = `
  id INTEGER NOT NULL,
  alias BLOB,
  auto_renew_account_id INTEGER,
  auto_renew_period INTEGER,
  balance INTEGER,
  balance_timestamp INTEGER,
  created_timestamp INTEGER,
  decline_reward INTEGER NOT NULL DEFAULT 0,
  delegation_address BLOB,
  deleted INTEGER,
  ethereum_nonce INTEGER,
  evm_address BLOB,
  expiration_timestamp INTEGER,
  key BLOB,
  max_automatic_token_associations INTEGER,
  memo TEXT,
  num INTEGER NOT NULL,
  obtainer_id INTEGER,
  permanent_removal INTEGER,
  proxy_account_id INTEGER,
  public_key TEXT,
  realm INTEGER NOT NULL,
  receiver_sig_required INTEGER,
  shard INTEGER NOT NULL,
  staked_account_id INTEGER,
  staked_node_id INTEGER,
  stake_period_start INTEGER,
  timestamp_range_lower INTEGER NOT NULL,
  timestamp_range_upper INTEGER,
  type TEXT NOT NULL`;

const entityStakeColumns = `
  id INTEGER NOT NULL,
  end_stake_period INTEGER NOT NULL,
  pending_reward INTEGER NOT NULL,
  staked_node_id_start INTEGER NOT NULL,
  staked_to_me INTEGER NOT NULL,
  stake_total_start INTEGER NOT NULL,
  timestamp_range_lower INTEGER NOT NULL,
  timestamp_range_upper INTEGER`;

const tokenAccountColumns = `
  account_id INTEGER NOT NULL,
  token_id INTEGER NOT NULL,
  associated INTEGER NOT NULL DEFAULT 0,
  automatic_association INTEGER NOT NULL DEFAULT 0,
  balance INTEGER NOT NULL DEFAULT 0,
  balance_timestamp INTEGER,
  created_timestamp INTEGER,
  freeze_status INTEGER,
  kyc_status INTEGER,
  timestamp_range_lower INTEGER NOT NULL,
  timestamp_range_upper INTEGER`;

const tokenColumns = `
  token_id INTEGER NOT NULL,
  created_timestamp INTEGER NOT NULL,
  decimals INTEGER NOT NULL,
  fee_schedule_key BLOB,
  freeze_default INTEGER NOT NULL DEFAULT 0,
  freeze_key BLOB,
  freeze_status INTEGER,
  initial_supply INTEGER NOT NULL,
  kyc_key BLOB,
  kyc_status INTEGER,
  max_supply INTEGER NOT NULL,
  metadata BLOB,
  metadata_key BLOB,
  name TEXT NOT NULL,
  pause_key BLOB,
  pause_status TEXT NOT NULL,
  supply_key BLOB,
  supply_type TEXT NOT NULL,
  symbol TEXT NOT NULL,
  total_supply INTEGER NOT NULL,
  treasury_account_id INTEGER NOT NULL,
  type TEXT NOT NULL,
  wipe_key BLOB,
  timestamp_range_lower INTEGER NOT NULL,
  timestamp_range_upper INTEGER`;

export const migration001 = {
  version: 1,
  name: 'entities and balances',
  sql: `
CREATE TABLE entity (${entityColumns}, PRIMARY KEY (id));
CREATE TABLE entity_history (${entityColumns}, PRIMARY KEY (id, timestamp_range_lower)) WITHOUT ROWID;
-- Every accounts filter is answered through an index that also yields rows in id order.
CREATE INDEX entity__balance ON entity (balance, id);
CREATE INDEX entity__public_key ON entity (public_key, id) WHERE public_key IS NOT NULL;
CREATE INDEX entity__alias ON entity (alias) WHERE alias IS NOT NULL;
CREATE INDEX entity__evm_address ON entity (evm_address) WHERE evm_address IS NOT NULL;

CREATE TABLE entity_stake (${entityStakeColumns}, PRIMARY KEY (id));
CREATE TABLE entity_stake_history (${entityStakeColumns}, PRIMARY KEY (id, timestamp_range_lower)) WITHOUT ROWID;

CREATE TABLE token_account (${tokenAccountColumns}, PRIMARY KEY (account_id, token_id)) WITHOUT ROWID;
CREATE TABLE token_account_history (${tokenAccountColumns}, PRIMARY KEY (account_id, token_id, timestamp_range_lower)) WITHOUT ROWID;
CREATE INDEX token_account__token ON token_account (token_id, account_id);

CREATE TABLE token (${tokenColumns}, PRIMARY KEY (token_id));
CREATE TABLE token_history (${tokenColumns}, PRIMARY KEY (token_id, timestamp_range_lower)) WITHOUT ROWID;

CREATE TABLE account_balance (
  consensus_timestamp INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  balance INTEGER NOT NULL,
  PRIMARY KEY (account_id, consensus_timestamp)
) WITHOUT ROWID;
CREATE TABLE token_balance (
  consensus_timestamp INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  token_id INTEGER NOT NULL,
  balance INTEGER NOT NULL,
  PRIMARY KEY (account_id, token_id, consensus_timestamp)
) WITHOUT ROWID;

-- Facts about this database itself (which profile, demo generator version, sync cursors).
CREATE TABLE store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
`,
};
