/**
 * `node main/mirror/demo/contracts/compile-examples.ts`: recompiles the shipped example contracts
 * with the bundled solc and rewrites example-contracts.json and metadata/<Contract>.json. Run it after editing a .sol file;
 * test/mirror/demo/example-contracts.test.ts fails while the committed artifact is stale.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ARTIFACT_URL, compileExamples, METADATA_DIR_URL } from './example-artifact.ts';

const text = compileExamples();
fs.writeFileSync(ARTIFACT_URL, text);
console.log(`wrote ${fileURLToPath(ARTIFACT_URL)} (${text.length} bytes)`);
// Each contract's metadata as its own file, so the folder can be dropped on the Verify screen as is.
const artifact = JSON.parse(text) as { contracts: Record<string, { metadata: string }> };
fs.mkdirSync(METADATA_DIR_URL, { recursive: true });
for (const [name, contract] of Object.entries(artifact.contracts)) {
  const file = new URL(`${name}.json`, METADATA_DIR_URL);
  fs.writeFileSync(file, contract.metadata);
  console.log(`wrote ${fileURLToPath(file)}`);
}
