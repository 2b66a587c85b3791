// One rush of applications (or, with method GET, of session-page reads) in a worker thread (off the
// server's event loop): `connections` members at once, each sending the next member's request as soon
// as their answer came, until every member has sent exactly one (POST …/enrollments/user with that
// member's token).
//
// Node's own HTTP client, with a keep-alive agent of `connections` sockets opened by the rush itself:
// - every answer's latency is kept, so p50 and p99 are exact (no histogram), and the rush's time runs
//   from its start to its last answer;
// - autocannon, used until session 19 (2 December), rounded the rush's time up to its next one-second tick (2,000
//   answers in 2.1 s read as 3.03 s), and its first 200 requests waited for connections the server
//   accepted up to 0.33 s after the rush began, while this client's 200 connections are open within
//   25 ms: the slowest 1 % of its rushes were all in that first wave (docs/benchmarks/apply.md).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { url, path, tokens, connections, userType, method = 'POST' } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
const body = JSON.stringify({ user_type: userType });
const TIMEOUT_MS = 30_000;

const statuses = {};
/** Each answer: [sent at, latency, order sent] in ms from the rush's start. */
const timings = [];
const connectMs = [];
let errors = 0;
let timeouts = 0;
let sent = 0;

function headersFor(token) {
  if (method === 'GET') return { authorization: `Token ${token}` };
  return {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    authorization: `Token ${token}`,
  };
}

/** Sends one request; resolves to its status code, or null after a network error or the timeout. */
function send(token) {
  return new Promise((resolve) => {
    const request = http.request(
      { host: target.hostname, port: target.port, path, method, headers: headersFor(token), agent },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => {
          errors += 1;
          resolve(null);
        });
      },
    );
    request.on('socket', (socket) => {
      if (socket.connecting) {
        const from = performance.now();
        socket.once('connect', () => connectMs.push(performance.now() - from));
      }
    });
    request.setTimeout(TIMEOUT_MS, () => {
      timeouts += 1;
      request.destroy();
    });
    request.on('error', () => {
      errors += 1;
      resolve(null);
    });
    request.end(method === 'GET' ? undefined : body);
  });
}

const started = performance.now();
let lastAnswer = started;
async function member() {
  while (sent < tokens.length) {
    const order = sent;
    const token = tokens[sent++];
    const sentAt = performance.now();
    const status = await send(token);
    lastAnswer = performance.now();
    if (status !== null) {
      statuses[status] = (statuses[status] ?? 0) + 1;
      timings.push([sentAt - started, lastAnswer - sentAt, order]);
    }
  }
}
await Promise.all(Array.from({ length: Math.min(connections, tokens.length) }, member));
agent.destroy();

const latencies = timings.map((t) => t[1]).sort((a, b) => a - b);
const percentile = (list, p) => (list.length ? list[Math.max(0, Math.ceil(p * list.length) - 1)] : 0);
const round = (n) => Math.round(n);
const slowest = [...timings].sort((a, b) => b[1] - a[1]).slice(0, Math.ceil(timings.length / 100));
connectMs.sort((a, b) => a - b);
parentPort.postMessage({
  answered: timings.length,
  seconds: (lastAnswer - started) / 1000,
  p50: round(percentile(latencies, 0.5)),
  p99: round(percentile(latencies, 0.99)),
  max: round(latencies.at(-1) ?? 0),
  errors,
  timeouts,
  statuses,
  // The slowest 1 %: when they were sent, and how many were among the first `connections` requests
  // (the ones that also opened their connection).
  slowest: slowest.map(([sentAt, latency, order]) => ({
    sentAt: round(sentAt),
    latency: round(latency),
    firstWave: order < connections,
  })),
  connect: {
    opened: connectMs.length,
    p50: round(percentile(connectMs, 0.5)),
    max: round(connectMs.at(-1) ?? 0),
  },
});
