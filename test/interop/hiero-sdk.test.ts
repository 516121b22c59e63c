import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AccountId, Client, ContractFunctionParameters, ContractId, FeeEstimateMode, FeeEstimateQuery, Long, MirrorNodeAccountBalanceQuery, MirrorNodeContractCallQuery,
  MirrorNodeContractEstimateQuery, PrivateKey, PublicKey, RegisteredNodeAddressBookQuery, RegisteredNodeCreateTransaction, TopicCreateTransaction, TransactionId, WebClient,
} from '@hiero-ledger/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCall } from '../../main/mirror/demo/evm/abi.ts';
import { readFields } from '../../main/mirror/format/protobuf-reader.ts';
import { EXAMPLE_ARTIFACT } from '../../main/mirror/demo/example-contracts.ts';
import { startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';

// The Hiero JavaScript SDK's mirror REST queries, unchanged, against `serve` over its demo ledger:
// a tool written for a real mirror node must work against Mirrordesk as it is. Each answer the SDK
// parses is checked against what Mirrordesk's own API says the ledger holds.
//
// The SDK assumes hiero local-node's port layout for a mirror on localhost: REST on 5551, and
// POST /contracts/call on 8545 (the web3 module), /network/fees and /network/registered-nodes on
// 8084 (the rest-java module). The mirror here listens on a free port, and the fetch every SDK
// request goes through sends each of those three to it, keeping what the SDK asked for in `sent`:
// the test takes no fixed port (a developer's Hardhat node on 8545, another run of the suite).
const HOST = '127.0.0.1';
const LOCAL_NODE_PORTS = ['5551', '8545', '8084'];
/** The mirror as the SDK addresses a localhost one. */
const SDK_MIRROR = `http://${HOST}:5551/api/v1`;
/** Enough for a few dozen contracts, among them every example (Counter included). */
const DEMO_ACCOUNTS = '1500';

type Body = Record<string, any>;
/** The SDK's name for each endpoint type the mirror reports. */
const SDK_ENDPOINT_TYPES: Record<string, string> = { BLOCK_NODE: 'blockNode', GENERAL_SERVICE: 'generalService', MIRROR_NODE: 'mirrorNode', RPC_RELAY: 'rpcRelay' };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-hiero-sdk-'));
let serve: ServeProcess | undefined;
/** The mirror's origin as serve listens (a free port). */
let mirrorOrigin = '';
let client: Client;
/** Every request the SDK sent (fetch is how it reaches mirror REST), as it addressed it, to check which port each went to. */
const sent: Array<{ method: string; url: string }> = [];
/** The test's own reads of the ledger, which are not the SDK's and are not recorded. */
const unrecordedFetch = globalThis.fetch;

/** `url` on one of local-node's ports of localhost, sent to the mirror instead; any other as it is. */
function toMirror(url: string): string {
  const parsed = new URL(url);
  if (parsed.hostname !== HOST || !LOCAL_NODE_PORTS.includes(parsed.port)) return url;
  return `${mirrorOrigin}${parsed.pathname}${parsed.search}`;
}

async function mirrorJson(pathAndQuery: string): Promise<Body> {
  const response = await unrecordedFetch(`${mirrorOrigin}/api/v1${pathAndQuery}`);
  expect(response.status, pathAndQuery).toBe(200);
  return response.json() as Promise<Body>;
}

beforeAll(async () => {
  serve = await startServe(['--data-dir', dataDir, '--demo-accounts', DEMO_ACCOUNTS]);
  mirrorOrigin = new URL(serve.urls.get('mirror')!).origin;
  await waitForDemoReady(serve.urls.get('ui')!);
  globalThis.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    sent.push({ method: init?.method ?? 'GET', url });
    return unrecordedFetch(input instanceof Request ? new Request(toMirror(url), input) : toMirror(url), init);
  };
  // No consensus node: an empty network, and the mirror on localhost (the SDK puts its REST base on 5551).
  client = Client.forNetwork({}, { scheduleNetworkUpdate: false, mirrorNetwork: [`${HOST}:5551`] });
}, 90_000);

afterAll(async () => {
  globalThis.fetch = unrecordedFetch;
  client?.close();
  await serve?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The first user account whose alias is a key of `type`, as Mirrordesk lists them. */
async function aliasedAccount(type: 'ED25519' | 'ECDSA_SECP256K1'): Promise<Body> {
  const { accounts } = await mirrorJson('/accounts?account.id=gte:0.0.1001&limit=100');
  const found = (accounts as Body[]).find((a) => a.alias && a.key?._type === type && !a.deleted);
  if (!found) throw new Error(`the demo ledger lists no account with a ${type} alias among its first 100`);
  return found;
}

let allContracts: Promise<Body[]> | undefined;
/** Every contract, with its runtime code (the list leaves that out); read once. */
function contracts(): Promise<Body[]> {
  allContracts ??= mirrorJson('/contracts?limit=100')
    .then(({ contracts: listed }) => Promise.all((listed as Body[]).map(({ contract_id }) => mirrorJson(`/contracts/${contract_id}`))));
  return allContracts;
}

/** An EVM address that is not a long-zero one (the SDK could read that one's number off the address itself). */
const isAliasAddress = (address: string): boolean => !address.startsWith(`0x${'0'.repeat(24)}`);

/** Slot `slot` of a contract's current storage, as Mirrordesk reports it; 0 if never written. */
async function storageWord(contractId: string, slot: bigint): Promise<bigint> {
  const { state } = await mirrorJson(`/contracts/${contractId}/state?limit=100`);
  return BigInt((state as Body[]).find((s) => BigInt(s.slot) === slot)?.value ?? 0);
}

/** A deployed Counter example that was counted up (no immutables: its runtime code is the artifact's). */
async function countedCounter(): Promise<{ contract: Body; count: bigint }> {
  for (const contract of await contracts()) {
    if (contract.runtime_bytecode !== `0x${EXAMPLE_ARTIFACT.contracts.Counter.deployedBytecode}`) continue;
    const count = await storageWord(contract.contract_id, 0n);
    if (count > 0n) return { contract, count };
  }
  throw new Error('the demo ledger has no Counter with a count above 0');
}

describe('the Hiero JS SDK against Mirrordesk\'s mirror REST API', () => {
  it('MirrorNodeAccountBalanceQuery: the balance by account id, EVM address and key alias; 0 for an unknown account', async () => {
    const ecdsa = await aliasedAccount('ECDSA_SECP256K1');
    const ed25519 = await aliasedAccount('ED25519');
    const balanceOf = async (id: AccountId) => (await new MirrorNodeAccountBalanceQuery().setAccountId(id).execute(client)).hbars.toTinybars().toString();

    expect(await balanceOf(AccountId.fromString(ecdsa.account))).toBe(String(ecdsa.balance.balance));
    expect(await balanceOf(AccountId.fromEvmAddress(0, 0, ecdsa.evm_address))).toBe(String(ecdsa.balance.balance));
    expect(await balanceOf(PublicKey.fromStringECDSA(ecdsa.key.key).toAccountId(0, 0))).toBe(String(ecdsa.balance.balance));
    expect(await balanceOf(PublicKey.fromStringED25519(ed25519.key.key).toAccountId(0, 0))).toBe(String(ed25519.balance.balance));
    expect(sent.filter((r) => r.url.startsWith(`${SDK_MIRROR}/balances?account.id=`))).toHaveLength(4);
    // The reference answers an unknown account with an empty list, and the SDK reads that as no balance, not an error.
    expect(await balanceOf(AccountId.fromString('0.0.999999999'))).toBe('0');
  });

  it('AccountId and ContractId populate*: account numbers from EVM addresses and back; an unknown address throws', async () => {
    const ecdsa = await aliasedAccount('ECDSA_SECP256K1');
    const created = (await contracts()).find((c) => isAliasAddress(c.evm_address));
    if (!created) throw new Error('the demo ledger has no contract at a CREATE or CREATE2 address');
    const unknown = `0x${'ab'.repeat(20)}`;
    // The two account look-ups each sleep 3 s before asking (the SDK waits for the mirror to import a
    // new account): run side by side, with the contract look-up, which does not.
    const [byEvm, byNum, contract, failure] = await Promise.all([
      AccountId.fromEvmAddress(0, 0, ecdsa.evm_address).populateAccountNum(client),
      AccountId.fromString(ecdsa.account).populateAccountEvmAddress(client),
      ContractId.fromEvmAddress(0, 0, created.evm_address).populateAccountNum(client),
      AccountId.fromEvmAddress(0, 0, unknown).populateAccountNum(client).then(() => null, (error: Error) => error),
    ]);
    expect(`0.0.${byEvm.num}`).toBe(ecdsa.account);
    expect(`0x${byNum.evmAddress!.toString()}`).toBe(ecdsa.evm_address);
    expect(`0.0.${contract.num}`).toBe(created.contract_id);
    // A 404 has no `account`: the SDK does not check the status and fails on the missing field (as against the reference).
    expect(failure).toBeInstanceOf(TypeError);
  });

  it('MirrorNodeContractCallQuery and MirrorNodeContractEstimateQuery: a Counter\'s count() and owner(), and an increment()\'s gas, on 8545', async () => {
    const { contract, count } = await countedCounter();
    const contractId = ContractId.fromEvmAddress(0, 0, contract.evm_address);
    const call = (name: string) => new MirrorNodeContractCallQuery().setContractId(contractId).setFunction(name, new ContractFunctionParameters());

    expect(BigInt(await call('count').execute(client))).toBe(count);
    // Slot 2 is the owner: the address comes back as an ABI word, 12 zero bytes then the 20 of the address.
    const owner = await storageWord(contract.contract_id, 2n);
    expect(BigInt(await call('owner').execute(client))).toBe(owner);
    // The SDK sends the sender as 40 hex digits without 0x, and the gas limit as a decimal string.
    const gas = await new MirrorNodeContractEstimateQuery().setContractId(contractId).setFunction('increment', new ContractFunctionParameters())
      .setSenderEvmAddress(owner.toString(16).padStart(40, '0')).setGasLimit(Long.fromNumber(100_000)).execute(client);
    expect(gas).toBeGreaterThan(21_000);
    expect(gas).toBeLessThanOrEqual(100_000);
    expect(sent.filter((r) => r.method === 'POST' && r.url === `http://${HOST}:8545/api/v1/contracts/call`)).toHaveLength(3);
  });

  it('MirrorNodeContractCallQuery.setBlockNumber: an SDK bug, the reference and Mirrordesk both answer at the latest block', async () => {
    // The SDK puts the block in `blockNumber`; the reference's ContractCallRequest reads `block` and
    // ignores unknown keys (@JsonIgnoreProperties(ignoreUnknown = true)), as Mirrordesk does.
    const { contract, count } = await countedCounter();
    const { results: [created] } = await mirrorJson(`/contracts/${contract.contract_id}/results?order=asc&limit=1`);
    const createdBlock = String((await mirrorJson(`/contracts/${contract.contract_id}/results/${created.timestamp}`)).block_number);
    const atCreation = await unrecordedFetch(`${mirrorOrigin}/api/v1/contracts/call`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: contract.evm_address, data: `0x${encodeCall('count()').toString('hex')}`, block: createdBlock }),
    }).then(async (response) => BigInt(((await response.json()) as Body).result));
    expect(atCreation).not.toBe(count);
    const viaSdk = await new MirrorNodeContractCallQuery().setContractId(ContractId.fromEvmAddress(0, 0, contract.evm_address))
      .setFunction('count', new ContractFunctionParameters()).setBlockNumber(Long.fromString(createdBlock)).execute(client);
    expect(BigInt(viaSdk)).toBe(count);
  });

  it('FeeEstimateQuery: a signed topic create priced in both modes, every field parsed (its signatures lost by the SDK); a body that is no transaction refused', async () => {
    const transaction = new TopicCreateTransaction().setTopicMemo('interop')
      .setTransactionId(TransactionId.generate('0.0.1001')).setNodeAccountIds([new AccountId(3)]).freezeWith(client);
    await transaction.sign(PrivateKey.generateED25519());
    await transaction.sign(PrivateKey.generateED25519());
    // The signed transaction as submitted (toBytes is a TransactionList: field 1, one Transaction per node), priced directly.
    const [submitted] = readFields(transaction.toBytes());
    const signedAnswer = await unrecordedFetch(`${mirrorOrigin}/api/v1/network/fees?mode=INTRINSIC`, {
      method: 'POST', headers: { 'content-type': 'application/protobuf' }, body: Buffer.from(submitted!.bytes),
    }).then(async (response) => (await response.json()) as Body);
    expect(signedAnswer.node.extras[0]).toMatchObject({ name: 'Signatures', count: 2, included: 1, charged: 1 });

    for (const mode of [FeeEstimateMode.INTRINSIC, FeeEstimateMode.STATE]) {
      const estimate = await new FeeEstimateQuery().setTransaction(transaction).setMode(mode).execute(client);
      const nodeSubtotal = estimate.nodeFee.base.toNumber() + estimate.nodeFee.extras.reduce((sum, e) => sum + e.subtotal.toNumber(), 0);
      expect(estimate.highVolumeMultiplier.toNumber()).toBe(1);
      expect(estimate.nodeFee.base.toNumber()).toBe(signedAnswer.node.base);
      const [signatures, bytes] = estimate.nodeFee.extras;
      // An SDK bug: FeeEstimateQuery freezes the transaction again, which rebuilds its signed bodies
      // without the signatures already on them, so the mirror is asked about an unsigned transaction.
      expect([signatures?.name, signatures?.count, signatures?.included, signatures?.charged]).toEqual(['Signatures', 0, 1, 0]);
      expect(signatures!.feePerUnit.toNumber()).toBe(signedAnswer.node.extras[0].fee_per_unit);
      expect(bytes?.name).toBe('Bytes');
      expect(bytes!.count).toBeGreaterThan(0);
      expect(estimate.networkFee.subtotal.toNumber()).toBe(nodeSubtotal * estimate.networkFee.multiplier);
      expect(estimate.serviceFee.base.toNumber()).toBeGreaterThan(0);
      expect(estimate.total.toNumber()).toBe(nodeSubtotal + estimate.networkFee.subtotal.toNumber() + estimate.serviceFee.base.toNumber());
    }
    expect(sent.filter((r) => r.method === 'POST' && r.url.startsWith(`http://${HOST}:8084/api/v1/network/fees?mode=`)).map((r) => new URL(r.url).searchParams.get('mode')))
      .toEqual(['INTRINSIC', 'STATE']);

    // A registered node's creation (HIP-1137), which the SDK's HAPI puts in TransactionBody field 78.
    const registeredNode = new RegisteredNodeCreateTransaction().setDescription('interop')
      .setTransactionId(TransactionId.generate('0.0.1001')).setNodeAccountIds([new AccountId(3)]).freezeWith(client);
    expect((await new FeeEstimateQuery().setTransaction(registeredNode).execute(client)).total.toNumber()).toBeGreaterThan(0);

    // What a tool whose transaction serializes to something else gets: the mirror's 400, worded by the SDK.
    const garbled = new TopicCreateTransaction().setTransactionId(TransactionId.generate('0.0.1001')).setNodeAccountIds([new AccountId(3)]);
    garbled._buildTransaction = (index: number) => { garbled._transactions.set(index, { signedTransactionBytes: new TextEncoder().encode('not a transaction') }); };
    await expect(new FeeEstimateQuery().setTransaction(garbled).execute(client))
      .rejects.toThrow(/^Failed to estimate fees: HTTP 400 Bad Request: Invalid parameter: transaction/);
  });

  it('RegisteredNodeAddressBookQuery: every registered node, paged by links.next, with its endpoints and key, on 8084', async () => {
    const { registered_nodes: expected } = await mirrorJson('/network/registered-nodes?limit=100');
    const book = await new RegisteredNodeAddressBookQuery().setLimit(2).execute(client);
    expect(book.registeredNodes.map((n) => n.registeredNodeId.toString())).toEqual(expected.map((n: Body) => String(n.registered_node_id)));
    book.registeredNodes.forEach((node, i) => {
      const json = expected[i] as Body;
      expect(node.description).toBe(json.description);
      expect(node.adminKey.toString()).toContain(json.admin_key.key);
      expect(node.serviceEndpoints.map((e) => [e.type, e.domainName, e.ipAddress ? [...e.ipAddress].join('.') : null, e.port, e.requiresTls]))
        .toEqual(json.service_endpoints.map((e: Body) => [SDK_ENDPOINT_TYPES[e.type], e.domain_name, e.ip_address, e.port, e.requires_tls]));
    });
    // Two a page, and a next link after every full page (the reference's Java module's rule): the last page may be empty.
    expect(sent.filter((r) => r.url.startsWith(`http://${HOST}:8084/api/v1/network/registered-nodes`))).toHaveLength(Math.floor(expected.length / 2) + 1);
  });

  it('AddressBookQueryWeb (a WebClient from the mirror): the nodes with a gRPC-web proxy, paged by links.next', async () => {
    const nodes: Body[] = [];
    let pages = 0;
    for (let next: string | null = '/network/nodes?limit=25'; next; pages++) {
      const page = await mirrorJson(next);
      nodes.push(...page.nodes);
      next = page.links.next?.replace('/api/v1', '') ?? null;
    }
    const proxied = nodes.filter((n) => n.grpc_proxy_endpoint?.domain_name);
    expect(nodes.length).toBeGreaterThan(25);
    expect(proxied.length).toBeGreaterThan(0);

    const web = await WebClient.forMirrorNetwork(`${HOST}:5551`);
    try {
      const network = Object.fromEntries(Object.entries(web.network).map(([address, account]) => [address, account.toString()]));
      expect(network).toEqual(Object.fromEntries(proxied.map((n) => [`${n.grpc_proxy_endpoint.domain_name}:${n.grpc_proxy_endpoint.port}`, n.node_account_id])));
    } finally {
      web.close();
    }
    expect(sent.filter((r) => r.url.startsWith(`${SDK_MIRROR}/network/nodes?`))).toHaveLength(pages);
  });
});
