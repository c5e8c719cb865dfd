// What bench/hub.bench.ts and its server process (bench/hub-bench-server.ts) tell each other over IPC.

/** The tenant the bench's users work in. */
export const BENCH_TENANT = 11;

/** What the server process tells the bench once it listens. */
export interface HubBenchReady {
  type: 'ready';
  hubUrl: string;
  peerUrl: string;
  /** Access tokens of users who may read the kind in BENCH_TENANT (the clients share them round-robin). */
  readerTokens: string[];
  /** A user who may create and update the kind there. */
  writerToken: string;
}

/** The server process's memory after a full GC, in bytes. */
export interface HubBenchMemory {
  type: 'memory';
  heapUsed: number;
  rss: number;
}
