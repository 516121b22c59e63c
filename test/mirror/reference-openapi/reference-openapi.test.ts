import { describe, expect, it } from 'vitest';
import { generateDemoLedger } from '../../../main/mirror/demo/generate-ledger.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { ReferenceDocument, type SchemaProblem } from './reference-document.ts';
import { sampleUrls } from './sample-urls.ts';

// Real answers over a generated demo ledger against the reference mirror node's own OpenAPI
// document (../shared/conformance/mirror/openapi.yml), which nobody here wrote: a tool generated
// from it must be able to read every answer. The conformance cases check the answers to seeded
// rows; this checks the shape of what the demo ledger's variety of data makes the API say.
const fixture = mirrorApiFixture(() => {
  generateDemoLedger(fixture.store, { accounts: 1200, keyThread: false });
}, { seedTimeoutMs: 120_000 });

/**
 * Where the answers knowingly differ from the reference's document, each with why. The document
 * is not the reference's behaviour: where its own conformance cases answer otherwise, they win.
 */
const DIVERGENCES: Array<SchemaProblem & { why: string }> = [
  ...['/api/v1/contracts/results 200 /results/N/failed_initcode', '/api/v1/contracts/results/{transactionIdOrHash} 200 /failed_initcode',
    '/api/v1/contracts/{contractIdOrAddress}/results/{timestamp} 200 /failed_initcode'].map((where) => divergence(where, 'must be string ({"type":"string"})',
    'null when the result has no failed init code: the reference\'s conformance cases answer null (53 of them), its document says string')),
  divergence('/api/v1/network/nodes 200 /nodes/N/grpc_proxy_endpoint', 'must be object ({"type":"object"})',
    'null for a node without a gRPC proxy: the conformance cases answer null (32 of them)'),
  ...['block_node', 'general_service', 'mirror_node', 'rpc_relay'].map((kind) => divergence(
    `/api/v1/network/registered-nodes 200 /registered_nodes/N/service_endpoints/N/${kind}`, 'must be object ({"type":"object"})',
    'null for the kinds an endpoint is not, as the reference document\'s own example of a registered service endpoint has it')),
  divergence('/api/v1/accounts/{idOrAliasOrEvmAddress}/airdrops/pending 200 /airdrops/N/amount', 'must be integer ({"type":"integer"})',
    'null for an NFT airdrop: the reference keeps no amount for one (token_airdrop.amount is null) and maps the column as it is'),
  divergence('/api/v1/accounts/{idOrAliasOrEvmAddress}/airdrops/outstanding 200 /airdrops/N/amount', 'must be integer ({"type":"integer"})',
    'null for an NFT airdrop, as above'),
];

function divergence(where: string, message: string, why: string): SchemaProblem & { why: string } {
  const [template, status, at] = where.split(' ');
  return { operation: `${template} ${status}`, at: at!, message, why };
}

const key = (problem: SchemaProblem) => `${problem.operation} ${problem.at}: ${problem.message}`;

describe("answers against the reference's OpenAPI document", () => {
  it('fit its schemas, over every GET operation it documents, but for the divergences listed with their reasons', async () => {
    const reference = new ReferenceDocument();
    // Plain JSON.parse: an int64 past 2^53 loses digits but stays a number, which is what the schemas type.
    const get = async (url: string) => JSON.parse((await fixture.get(url)).body) as Record<string, any>;
    const urls = await sampleUrls(get, fixture.store.db);
    const seen = new Map<string, string>();
    const answered = new Set<string>();
    for (const url of urls) {
      const response = await fixture.get(url);
      const pathname = url.split('?')[0]!;
      if (response.statusCode === 200) answered.add(reference.templateOf(pathname) ?? pathname);
      for (const problem of reference.problems(pathname, response.statusCode, JSON.parse(response.body))) {
        if (!seen.has(key(problem))) seen.set(key(problem), url);
      }
    }
    const known = new Set(DIVERGENCES.map(key));
    const unexpected = [...seen].filter(([problem]) => !known.has(problem)).map(([problem, url]) => `${problem} (e.g. ${url})`);
    expect(unexpected).toEqual([]);
    // Each divergence listed is still met: a list that outlives its cause would hide a later one.
    expect(DIVERGENCES.map(key).filter((problem) => !seen.has(problem))).toEqual([]);
    // Every operation answered at least once.
    expect(reference.templates.filter((template) => !answered.has(template))).toEqual([]);
    expect(urls.length).toBeGreaterThan(400);
  }, 120_000);
});
