import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeUpstream, type FakeUpstream } from '../../main/conformance/status/fake-upstream.ts';
import { loadScenarios } from '../../main/conformance/status/scenario-files.ts';
import type { StatusPollReply } from '../../main/common/status-types.ts';
import { bridgeValue } from '../helpers/serve-process.ts';
import { startServe, stopServe, waitForReady, type ServeInstance } from './serve-fixture.ts';

/** The reference scenario of an incident opening, changing and ending, step by step. */
export const LIFECYCLE = path.resolve('../shared/conformance/status/scenarios/incident-lifecycle.json');

export interface StatusUpstreamServe {
  /** The Statuspage stand-in, serving the scenario's first step; `serve` moves it on. */
  upstream: FakeUpstream;
  instance: ServeInstance;
  stop(): Promise<void>;
}

/**
 * A `serve` process watching a fake Statuspage (`--status-upstream`) that serves the lifecycle
 * scenario's first step, ready to use: for specs that open incidents and watch the app answer.
 */
export async function serveWithStatusUpstream(dataDirPrefix: string): Promise<StatusUpstreamServe> {
  const upstream = await startFakeUpstream();
  upstream.serve(loadScenarios(LIFECYCLE)[0]!.steps[0]!.upstream);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), dataDirPrefix));
  const started = await startServe(dataDir, ['--status-upstream', upstream.url]);
  await waitForReady(started.instance);
  return {
    upstream,
    instance: started.instance,
    stop: async () => {
      await stopServe(started.child, dataDir);
      await upstream.close();
    },
  };
}

/** Polls now; polls are at least 10 s apart, so a `too-soon` answer waits as long as it says. */
export async function pollUntilDone(instance: ServeInstance): Promise<StatusPollReply> {
  for (;;) {
    const reply = await bridgeValue<StatusPollReply>(instance.uiUrl, 'status/poll-now', null);
    if (reply.outcome !== 'too-soon') return reply;
    await new Promise((resolve) => setTimeout(resolve, reply.retryInMs + 100));
  }
}
