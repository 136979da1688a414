/**
 * The drift-proxy row: what `chainkit proxy` adds to a request. A local node answers a JSON-RPC
 * `eth_blockNumber` at once; requests go to it directly and through the proxy (checking against the
 * EVM spec), one after another over kept-alive connections, and the medians are compared.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startDriftProxy } from "../../src/toolkit/drift/drift-proxy.js";
import { loadDriftSpec } from "../../src/toolkit/drift/load-drift-spec.js";
import type { BenchContext } from "../lib/context.js";
import { summarize } from "../lib/measure.js";
import type { RowResult } from "../lib/report.js";

const BODY = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] });
const ANSWER = JSON.stringify({ jsonrpc: "2.0", id: 1, result: "0x10d4f" });

async function timings(url: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const answer = await fetch(`${url}/bench-token-0123456789/evm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: BODY,
    });
    await answer.text();
    times.push(performance.now() - started);
  }
  return times;
}

export async function driftProxy(context: BenchContext): Promise<RowResult> {
  const node = createServer((_request, response) => {
    _request.resume();
    _request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(ANSWER);
    });
  });
  await new Promise<void>((resolve) => node.listen(0, "127.0.0.1", resolve));
  const target = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
  const proxy = await startDriftProxy({ spec: await loadDriftSpec({ surface: "evm" }), target });
  const count = context.quick ? 50 : 1000;
  try {
    await timings(target, 20);
    await timings(proxy.url, 20);
    const direct = summarize("direct", await timings(target, count));
    const proxied = summarize("proxy", await timings(proxy.url, count));
    return {
      id: "drift-proxy",
      title:
        "chainkit proxy: time added per request (JSON-RPC eth_blockNumber, checked against the EVM spec)",
      tables: [
        {
          title: `${count} requests one after another, kept-alive connections, medians`,
          figures: [
            {
              label: "straight to the node",
              value: direct.median,
              low: direct.low,
              high: direct.high,
              unit: "ms",
            },
            {
              label: "through chainkit proxy",
              value: proxied.median,
              low: proxied.low,
              high: proxied.high,
              unit: "ms",
            },
            {
              label: "added by the proxy",
              value: proxied.median - direct.median,
              unit: "ms",
              goal: { text: "a few ms at most", met: proxied.median - direct.median < 3 },
            },
          ],
        },
      ],
    };
  } finally {
    await proxy.close();
    await new Promise<void>((resolve) => node.close(() => resolve()));
  }
}
