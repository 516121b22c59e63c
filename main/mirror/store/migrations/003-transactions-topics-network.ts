/**
 * Transactions and what hangs off them (transfers, hashes, signatures, assessed fees,
 * per-entity transaction index), schedules, topics and their messages, and the network
 * tables (address books, nodes, stakes, file data). Columns follow the reference mirror
 * node's tables; int8range columns become `_lower` / `_upper` pairs, array and jsonb
 * columns hold JSON text.
 *
 * One addition to the reference: `nft_transfer` is, in the reference, only a jsonb column of
 * `transaction` (kept here as JSON text too). The loader also writes each NFT movement as a
 * row of the `nft_transfer` table, so that "transactions of one NFT" and "NFT transfers of
 * one account" are index seeks instead of scans of every transaction's JSON.
 */
const topicColumns = `
  id INTEGER NOT NULL,
  admin_key BLOB,
  created_timestamp INTEGER,
  fee_exempt_key_list BLOB,
  fee_schedule_key BLOB,
  submit_key BLOB,
  timestamp_range_lower INTEGER NOT NULL,
  timestamp_range_upper INTEGER`;

const nodeColumns = `
  node_id INTEGER NOT NULL,
  account_id INTEGER,
  admin_key BLOB,
  created_timestamp INTEGER,
  decline_reward INTEGER NOT NULL DEFAULT 0,
  deleted INTEGER NOT NULL DEFAULT 0,
  grpc_proxy_endpoint TEXT,
  timestamp_range_lower INTEGER NOT NULL,
  timestamp_range_upper INTEGER`;

export const migration003 = {
  version: 3,
  name: 'transactions, schedules, topics, network',
  sql: `
-- consensus_timestamp is the rowid: the list walks it in order without a separate index.
CREATE TABLE "transaction" (
  consensus_timestamp INTEGER PRIMARY KEY,
  batch_key BLOB,
  charged_tx_fee INTEGER,
  entity_id INTEGER,
  errata TEXT,
  high_volume INTEGER NOT NULL DEFAULT 0,
  high_volume_pricing_multiplier INTEGER,
  "index" INTEGER,
  inner_transactions TEXT,
  max_custom_fees TEXT,
  max_fee INTEGER,
  memo BLOB,
  nft_transfer TEXT,
  node_account_id INTEGER,
  nonce INTEGER NOT NULL DEFAULT 0,
  parent_consensus_timestamp INTEGER,
  payer_account_id INTEGER NOT NULL,
  result INTEGER NOT NULL,
  scheduled INTEGER NOT NULL DEFAULT 0,
  transaction_bytes BLOB,
  transaction_hash BLOB,
  transaction_record_bytes BLOB,
  type INTEGER NOT NULL,
  valid_duration_seconds INTEGER,
  valid_start_ns INTEGER NOT NULL
);
-- Transaction id lookups (payer + valid start), and payer-filtered pages in time order.
CREATE INDEX transaction__payer_valid_start ON "transaction" (payer_account_id, valid_start_ns);
CREATE INDEX transaction__payer_timestamp ON "transaction" (payer_account_id, consensus_timestamp);
-- Inner transactions of a batch, by their outer transaction's timestamp.
-- Type-filtered pages walk only that type's rows, in time order.
CREATE INDEX transaction__type_timestamp ON "transaction" (type, consensus_timestamp);
-- result=fail pages: failures are rare, so they get their own small index.
CREATE INDEX transaction__failed ON "transaction" (consensus_timestamp) WHERE result NOT IN (22, 104, 220);
CREATE INDEX transaction__parent ON "transaction" (parent_consensus_timestamp) WHERE parent_consensus_timestamp IS NOT NULL;

CREATE TABLE transaction_hash (
  consensus_timestamp INTEGER NOT NULL,
  hash BLOB NOT NULL,
  hash_suffix BLOB,
  payer_account_id INTEGER,
  distribution_id INTEGER
);
CREATE INDEX transaction_hash__hash ON transaction_hash (hash);

CREATE TABLE crypto_transfer (
  consensus_timestamp INTEGER NOT NULL,
  entity_id INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  errata TEXT,
  is_approval INTEGER,
  payer_account_id INTEGER
);
CREATE INDEX crypto_transfer__timestamp ON crypto_transfer (consensus_timestamp);
CREATE INDEX crypto_transfer__entity_timestamp ON crypto_transfer (entity_id, consensus_timestamp);

CREATE TABLE token_transfer (
  consensus_timestamp INTEGER NOT NULL,
  token_id INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  is_approval INTEGER,
  payer_account_id INTEGER,
  PRIMARY KEY (consensus_timestamp, token_id, account_id)
) WITHOUT ROWID;
CREATE INDEX token_transfer__account_timestamp ON token_transfer (account_id, consensus_timestamp);

CREATE TABLE nft_transfer (
  consensus_timestamp INTEGER NOT NULL,
  token_id INTEGER NOT NULL,
  serial_number INTEGER NOT NULL,
  sender_account_id INTEGER,
  receiver_account_id INTEGER,
  is_approval INTEGER,
  payer_account_id INTEGER
);
CREATE INDEX nft_transfer__timestamp ON nft_transfer (consensus_timestamp);
CREATE INDEX nft_transfer__token_serial ON nft_transfer (token_id, serial_number, consensus_timestamp);
CREATE INDEX nft_transfer__sender ON nft_transfer (sender_account_id, consensus_timestamp) WHERE sender_account_id IS NOT NULL;
CREATE INDEX nft_transfer__receiver ON nft_transfer (receiver_account_id, consensus_timestamp) WHERE receiver_account_id IS NOT NULL;

-- A transaction's staking reward payouts (migration 002 keys the table by account).
CREATE INDEX staking_reward_transfer__timestamp ON staking_reward_transfer (consensus_timestamp);

CREATE TABLE assessed_custom_fee (
  consensus_timestamp INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  collector_account_id INTEGER NOT NULL,
  effective_payer_account_ids TEXT NOT NULL DEFAULT '[]',
  payer_account_id INTEGER NOT NULL,
  token_id INTEGER
);
CREATE INDEX assessed_custom_fee__timestamp ON assessed_custom_fee (consensus_timestamp);

CREATE TABLE transaction_signature (
  consensus_timestamp INTEGER NOT NULL,
  entity_id INTEGER,
  public_key_prefix BLOB NOT NULL,
  signature BLOB NOT NULL,
  type INTEGER
);
CREATE INDEX transaction_signature__entity ON transaction_signature (entity_id, consensus_timestamp);
CREATE INDEX transaction_signature__timestamp ON transaction_signature (consensus_timestamp);

-- Every transaction that touched an entity, in time order (the reference's entity_transaction).
CREATE TABLE entity_transaction (
  entity_id INTEGER NOT NULL,
  consensus_timestamp INTEGER NOT NULL,
  payer_account_id INTEGER NOT NULL,
  result INTEGER NOT NULL,
  type INTEGER NOT NULL,
  PRIMARY KEY (entity_id, consensus_timestamp)
) WITHOUT ROWID;

CREATE TABLE schedule (
  schedule_id INTEGER PRIMARY KEY,
  consensus_timestamp INTEGER NOT NULL,
  creator_account_id INTEGER NOT NULL,
  executed_timestamp INTEGER,
  expiration_time INTEGER,
  payer_account_id INTEGER NOT NULL,
  transaction_body BLOB NOT NULL,
  wait_for_expiry INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX schedule__creator ON schedule (creator_account_id, schedule_id);

CREATE TABLE topic (${topicColumns}, PRIMARY KEY (id));
CREATE TABLE topic_history (${topicColumns}, PRIMARY KEY (id, timestamp_range_lower)) WITHOUT ROWID;

CREATE TABLE topic_message (
  consensus_timestamp INTEGER PRIMARY KEY,
  chunk_num INTEGER,
  chunk_total INTEGER,
  initial_transaction_id BLOB,
  message BLOB NOT NULL,
  payer_account_id INTEGER,
  running_hash BLOB NOT NULL,
  running_hash_version INTEGER,
  sequence_number INTEGER NOT NULL,
  topic_id INTEGER NOT NULL,
  valid_start_timestamp INTEGER
);
CREATE INDEX topic_message__topic_sequence ON topic_message (topic_id, sequence_number);
CREATE INDEX topic_message__topic_timestamp ON topic_message (topic_id, consensus_timestamp);

CREATE TABLE record_file (
  consensus_end INTEGER PRIMARY KEY,
  bytes BLOB,
  consensus_start INTEGER NOT NULL,
  count INTEGER NOT NULL,
  digest_algorithm INTEGER NOT NULL,
  file_hash TEXT,
  gas_used INTEGER,
  hapi_version_major INTEGER,
  hapi_version_minor INTEGER,
  hapi_version_patch INTEGER,
  hash TEXT NOT NULL,
  "index" INTEGER NOT NULL,
  load_end INTEGER,
  load_start INTEGER,
  logs_bloom BLOB,
  name TEXT NOT NULL,
  node_id INTEGER,
  prev_hash TEXT,
  round_end INTEGER,
  round_start INTEGER,
  sidecar_count INTEGER,
  size INTEGER,
  version INTEGER
);
CREATE INDEX record_file__index ON record_file ("index");

-- Not keyed by timestamp alone: one consensus timestamp can carry several file operations.
CREATE TABLE file_data (
  consensus_timestamp INTEGER NOT NULL,
  entity_id INTEGER NOT NULL,
  file_data BLOB,
  transaction_type INTEGER
);
CREATE INDEX file_data__entity_timestamp ON file_data (entity_id, consensus_timestamp);

CREATE TABLE address_book (
  start_consensus_timestamp INTEGER PRIMARY KEY,
  end_consensus_timestamp INTEGER,
  file_data BLOB,
  file_id INTEGER NOT NULL,
  node_count INTEGER
);
CREATE INDEX address_book__file ON address_book (file_id, start_consensus_timestamp);

CREATE TABLE address_book_entry (
  consensus_timestamp INTEGER NOT NULL,
  node_id INTEGER NOT NULL,
  description TEXT,
  memo TEXT,
  node_account_id INTEGER,
  node_cert_hash BLOB,
  public_key TEXT,
  stake INTEGER,
  PRIMARY KEY (consensus_timestamp, node_id)
) WITHOUT ROWID;

CREATE TABLE address_book_service_endpoint (
  consensus_timestamp INTEGER NOT NULL,
  node_id INTEGER NOT NULL,
  ip_address_v4 TEXT NOT NULL DEFAULT '',
  port INTEGER NOT NULL DEFAULT -1,
  domain_name TEXT NOT NULL DEFAULT ''
);
CREATE INDEX address_book_service_endpoint__node ON address_book_service_endpoint (consensus_timestamp, node_id);

CREATE TABLE node (${nodeColumns}, PRIMARY KEY (node_id));
CREATE TABLE node_history (${nodeColumns}, PRIMARY KEY (node_id, timestamp_range_lower)) WITHOUT ROWID;

CREATE TABLE node_stake (
  consensus_timestamp INTEGER NOT NULL,
  node_id INTEGER NOT NULL,
  epoch_day INTEGER NOT NULL,
  max_stake INTEGER NOT NULL,
  min_stake INTEGER NOT NULL,
  reward_rate INTEGER NOT NULL,
  stake INTEGER NOT NULL,
  stake_not_rewarded INTEGER NOT NULL,
  stake_rewarded INTEGER NOT NULL,
  staking_period INTEGER NOT NULL,
  PRIMARY KEY (consensus_timestamp, node_id)
) WITHOUT ROWID;

CREATE TABLE network_stake (
  consensus_timestamp INTEGER PRIMARY KEY,
  epoch_day INTEGER NOT NULL,
  max_stake_rewarded INTEGER,
  max_staking_reward_rate_per_hbar INTEGER NOT NULL,
  max_total_reward INTEGER,
  node_reward_fee_denominator INTEGER NOT NULL,
  node_reward_fee_numerator INTEGER NOT NULL,
  reserved_staking_rewards INTEGER,
  reward_balance_threshold INTEGER,
  stake_total INTEGER NOT NULL,
  staking_period INTEGER NOT NULL,
  staking_period_duration INTEGER NOT NULL,
  staking_periods_stored INTEGER NOT NULL,
  staking_reward_fee_denominator INTEGER NOT NULL,
  staking_reward_fee_numerator INTEGER NOT NULL,
  staking_reward_rate INTEGER NOT NULL,
  staking_start_threshold INTEGER NOT NULL,
  unreserved_staking_reward_balance INTEGER
);
`,
};
