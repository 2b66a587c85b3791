// Runs one autocannon load in a worker thread, so that the load generator does not share the
// server's event loop (the server runs on the main thread of the same process).
// Off the main thread autocannon answers raw histograms: aggregateResult() turns them into the summary.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const raw = await autocannon(workerData);
const result = raw.latency ? raw : autocannon.aggregateResult([raw], workerData);
parentPort.postMessage({
  // Completed requests over the measured time (the per-second sample average is 0 with a 1 s run).
  requestsPerSecond:
    (raw.totalCompletedRequests ?? result.requests.total) / (raw.duration || workerData.duration),
  total: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  average: result.latency.average,
  max: result.latency.max,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
});
