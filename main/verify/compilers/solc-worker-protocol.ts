/** Messages between the solc pool and its worker threads (one soljson per worker). */
export interface WorkerStart {
  /** Absolute path of the soljson-v<version>.js file to load. */
  soljsonPath: string;
}

/** A standard-JSON compile; input and output travel as strings (no structured-clone cost). */
export interface WorkerRequest {
  id: number;
  input: string;
}

export type WorkerReply =
  | { type: 'ready'; version: string }
  | { type: 'load-error'; message: string }
  | { type: 'result'; id: number; output: string }
  /** solc threw: the worker's compiler is broken from here on, and the pool ends the worker. */
  | { type: 'crashed'; id: number; message: string };
