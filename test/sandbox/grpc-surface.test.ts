import { createServer } from "node:net";
import {
  type Client,
  type ClientReadableStream,
  credentials,
  Metadata,
  type ServiceError,
  status,
} from "@grpc/grpc-js";
import { xTokenInterceptor } from "chainkit/grpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GrpcSurface, startGrpcSurface } from "../../src/sandbox/grpc/grpc-surface.js";
import { X_TOKEN_REFUSALS } from "../../src/sandbox/grpc/health-service.js";
import { HealthClient } from "../support/grpc-health-server.js";

// The surface's messages are encoded by hand; the client here is built from the real health.proto
// (with @grpc/proto-loader), so both ends agree only if the hand-written codecs match the proto.

const tokens = new Set(["node-token-1"]);
let surface: GrpcSurface;
const clients: Client[] = [];

beforeAll(async () => {
  const started = await startGrpcSurface({ acceptsToken: (token) => tokens.has(token) });
  if (!started) throw new Error("@grpc/grpc-js is a dev dependency: the surface must start");
  surface = started;
});

afterAll(async () => {
  for (const client of clients) client.close();
  await surface?.close();
});

type HealthStub = Client & {
  Check(
    request: { service: string },
    metadata: Metadata,
    callback: (error: ServiceError | null, response?: { status: string }) => void,
  ): void;
  Watch(request: { service: string }, metadata: Metadata): ClientReadableStream<{ status: string }>;
};

function client(token?: string): HealthStub {
  const interceptors = token === undefined ? [] : [xTokenInterceptor(token, { target: surface.target })];
  const made = new HealthClient(surface.target, credentials.createInsecure(), {
    interceptors,
  }) as unknown as HealthStub;
  clients.push(made);
  return made;
}

function check(stub: HealthStub, service = "", metadata = new Metadata()): Promise<string> {
  return new Promise((resolve, reject) => {
    stub.Check({ service }, metadata, (error, response) =>
      error ? reject(error) : resolve(String(response?.status)),
    );
  });
}

async function failure(call: Promise<unknown>): Promise<ServiceError> {
  return (await call.then(
    () => expect.unreachable("the call succeeded"),
    (error: unknown) => error,
  )) as ServiceError;
}

describe("the sandbox's gRPC surface", () => {
  it("listens on 127.0.0.1 and answers Health/Check with SERVING for a node's token", async () => {
    expect(surface.target).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(await check(client("node-token-1"))).toBe("SERVING");
    expect(await check(client("node-token-1"), "grpc.health.v1.Health")).toBe("SERVING");
  });

  it("answers 16 UNAUTHENTICATED without x-token, with a wrong one, and with two", async () => {
    const missing = await failure(check(client()));
    expect(missing.code).toBe(status.UNAUTHENTICATED);
    expect(missing.details).toBe(X_TOKEN_REFUSALS.missing);
    const wrong = await failure(check(client("not-a-node-token")));
    expect(wrong.code).toBe(status.UNAUTHENTICATED);
    expect(wrong.details).toBe(X_TOKEN_REFUSALS.invalid);
    const twice = new Metadata();
    twice.add("x-token", "node-token-1");
    twice.add("x-token", "node-token-1");
    expect((await failure(check(client(), "", twice))).code).toBe(status.UNAUTHENTICATED);
  });

  it("accepts a token the registry learns later (a node created on the platform)", async () => {
    expect((await failure(check(client("node-token-2")))).code).toBe(status.UNAUTHENTICATED);
    tokens.add("node-token-2");
    expect(await check(client("node-token-2"))).toBe("SERVING");
  });

  it("answers 5 NOT_FOUND for a service it does not serve", async () => {
    const error = await failure(check(client("node-token-1"), "chainkit.Nothing"));
    expect(error.code).toBe(status.NOT_FOUND);
    expect(error.details).toContain("chainkit.Nothing");
  });

  it("streams the status on Health/Watch, SERVICE_UNKNOWN for an unknown service, and refuses without a token", async () => {
    const first = (service: string, token?: string) =>
      new Promise<string>((resolve, reject) => {
        const stream = client(token).Watch({ service }, new Metadata());
        stream.on("data", (message: { status: string }) => {
          resolve(message.status);
          stream.cancel();
        });
        stream.on("error", (error: ServiceError) => {
          if (error.code !== status.CANCELLED) reject(error);
        });
      });
    expect(await first("", "node-token-1")).toBe("SERVING");
    expect(await first("chainkit.Nothing", "node-token-1")).toBe("SERVICE_UNKNOWN");
    expect((await failure(first(""))).code).toBe(status.UNAUTHENTICATED);
  });

  it("ends open Watch streams when it closes", async () => {
    const other = await startGrpcSurface({ acceptsToken: () => true });
    const target = other?.target ?? "";
    const stub = new HealthClient(target, credentials.createInsecure(), {
      interceptors: [xTokenInterceptor("any-node-token", { target })],
    }) as unknown as HealthStub;
    clients.push(stub);
    const stream = stub.Watch({ service: "" }, new Metadata());
    const ended = new Promise<void>((resolve) => stream.on("end", resolve));
    await new Promise((resolve) => stream.once("data", resolve));
    await other?.close();
    await ended;
  });
});

describe("starting the gRPC surface", () => {
  it("returns nothing and warns, naming the npm install, when @grpc/grpc-js is not installed", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const missing = Object.assign(new Error("Cannot find package '@grpc/grpc-js' imported from x.js"), {
        code: "ERR_MODULE_NOT_FOUND",
      });
      const started = await startGrpcSurface({
        acceptsToken: () => true,
        loadGrpc: () => Promise.reject(missing),
      });
      expect(started).toBeUndefined();
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(
        /gRPC surface needs the package @grpc\/grpc-js.*npm install @grpc\/grpc-js.*starts without/,
      ),
    ]);
  });

  it("throws any other failure to load it", async () => {
    const broken = new Error("@grpc/grpc-js is broken");
    await expect(
      startGrpcSurface({ acceptsToken: () => true, loadGrpc: () => Promise.reject(broken) }),
    ).rejects.toBe(broken);
  });

  it("names the surface and the port when the port is taken", async () => {
    const holder = createServer();
    const port = await new Promise<number>((resolve) =>
      holder.listen(0, "127.0.0.1", () => resolve((holder.address() as { port: number }).port)),
    );
    try {
      await expect(startGrpcSurface({ port, acceptsToken: () => true })).rejects.toThrow(
        `port ${port} (grpc) could not be opened on 127.0.0.1`,
      );
    } finally {
      holder.close();
    }
  });
});
