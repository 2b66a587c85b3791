// One rush of applications (or, with method GET, of session-page reads) in a worker thread (off the server's event loop): autocannon with one
// connection per member at once, each request a POST …/enrollments/user with the next member's token,
// so that every member applies exactly once. Answers the summary and the count of each status code.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, path, tokens, connections, userType, method = 'POST' } = workerData;
let next = 0;
const statuses = {};
const body = JSON.stringify({ user_type: userType });

const raw = await autocannon({
  url,
  connections,
  amount: tokens.length,
  timeout: 30,
  requests: [
    {
      method,
      path,
      setupRequest: (request) => {
        const token = tokens[next++ % tokens.length];
        if (method === 'GET') return { ...request, headers: { authorization: `Token ${token}` } };
        return {
          ...request,
          headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
          body,
        };
      },
      onResponse: (status) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
      },
    },
  ],
});
const result = raw.latency ? raw : autocannon.aggregateResult([raw], workerData);
parentPort.postMessage({
  answered: raw.totalCompletedRequests ?? result.requests.total,
  seconds: raw.duration,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  errors: result.errors,
  timeouts: result.timeouts,
  statuses,
});
