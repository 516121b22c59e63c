/**
 * `node main/mirror/demo/contracts/compile-examples.ts`: recompiles the shipped example contracts
 * with the bundled solc and rewrites example-contracts.json. Run it after editing a .sol file;
 * test/mirror/demo/example-contracts.test.ts fails while the committed artifact is stale.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ARTIFACT_URL, compileExamples } from './example-artifact.ts';

const text = compileExamples();
fs.writeFileSync(ARTIFACT_URL, text);
console.log(`wrote ${fileURLToPath(ARTIFACT_URL)} (${text.length} bytes)`);
