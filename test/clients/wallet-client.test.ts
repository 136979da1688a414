import { inspect } from "node:util";
import {
  type AssetIssue,
  ConfigurationError,
  createWalletClient,
  HttpError,
  RequestValidationError,
  textToHex,
  type WalletClient,
} from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeWalletNode, startFakeWalletNode, tronVectors } from "../support/fake-wallet-node.js";

let node: FakeWalletNode;
let tokenClient: WalletClient;
let basicClient: WalletClient;

beforeAll(async () => {
  node = await startFakeWalletNode();
  tokenClient = createWalletClient({ url: node.url, credentials: { token: node.token } });
  basicClient = createWalletClient({
    url: node.url,
    credentials: { username: node.username, password: node.password },
  });
});
afterAll(() => node?.close());

const TEXT_FIELDS = ["id", "owner_address", "name", "abbr", "description", "url"] as const;
type Readable = Record<(typeof TEXT_FIELDS)[number], unknown>;

/** The text fields of a token, to compare with the fixture's visible=true form. */
function textOf(asset: AssetIssue | Readable | null | undefined) {
  const record = (asset ?? {}) as Record<string, unknown>;
  return Object.fromEntries(TEXT_FIELDS.map((field) => [field, record[field]]));
}

const listTrnReadable = (tronVectors.listTrn.response_visible_true_DERIVED as { assetIssue: Readable[] })
  .assetIssue;

describe("getAssetIssueListByName", () => {
  it("sends visible explicitly, true by default, with the token in the path", async () => {
    const before = node.requests.length;
    const { assetIssue } = await tokenClient.getAssetIssueListByName({ value: "TRN" });
    const [sent] = node.requests.slice(before);
    expect(sent?.path).toBe(`/${node.token}/wallet/getassetissuelistbyname`);
    expect(sent?.json).toEqual({ value: "TRN", visible: true });
    expect(assetIssue.map(textOf)).toEqual(listTrnReadable.map(textOf));
    expect(assetIssue[0]?.total_supply).toBe(100000000000000000n);
    expect(assetIssue[0]?.frozen_supply?.[0]?.frozen_amount).toBe(1n);
  });

  it("with visible false, sends the hex name and decodes the hex answer to the readable form", async () => {
    const before = node.requests.length;
    const { assetIssue } = await basicClient.getAssetIssueListByName({
      value: textToHex("TRN"),
      visible: false,
    });
    const [sent] = node.requests.slice(before);
    expect(sent?.path).toBe("/wallet/getassetissuelistbyname");
    expect(sent?.headers.authorization).toMatch(/^Basic /);
    expect(sent?.json).toEqual({ value: "54524e", visible: false });
    expect(assetIssue.map(textOf)).toEqual(listTrnReadable.map(textOf));
    expect(assetIssue[1]?.total_supply).toBe(100000000000000000n);
  });

  it("reads the node's {} as an empty list", async () => {
    expect(await tokenClient.getAssetIssueListByName({ value: "nothing" })).toEqual({ assetIssue: [] });
    expect(
      await tokenClient.getAssetIssueListByName({ value: textToHex("nothing"), visible: false }),
    ).toEqual({ assetIssue: [] });
  });

  it("refuses a non-hex value with visible false before sending", async () => {
    const before = node.requests.length;
    const error = await tokenClient
      .getAssetIssueListByName({ value: "TRN", visible: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/body/value");
    expect(node.requests.length).toBe(before);
  });

  it("turns an {Error} answer at HTTP 200 into an HttpError with the node's message", async () => {
    node.answerNextWith(JSON.stringify(tronVectors.errors.bad_hex_name.response));
    const error = await tokenClient.getAssetIssueListByName({ value: "TRN" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(200);
    expect((error as HttpError).serviceMessage).toBe(tronVectors.errors.bad_hex_name.response.Error);
    expect((error as HttpError).url).toContain("/***/wallet/");
    expect(`${(error as Error).message} ${inspect(error, { depth: 5 })}`).not.toContain(node.token);
  });
});

describe("getAssetIssueById", () => {
  const bttReadable = tronVectors.btt.response_visible_true_DERIVED as Readable;

  it.each([true, false])(
    "returns BitTorrent readable with visible %s, total_supply exact",
    async (visible) => {
      const btt = await tokenClient.getAssetIssueById({ value: "1002000", visible });
      expect(textOf(btt)).toEqual(textOf(bttReadable));
      expect(btt?.total_supply).toBe(990000000000000000n);
      expect(btt?.start_time).toBe(1548000000000n);
      expect(node.requests.at(-1)?.json).toEqual({ value: "1002000", visible });
    },
  );

  it("returns null when the node answers {}", async () => {
    expect(await basicClient.getAssetIssueById({ value: "9999999999" })).toBeNull();
  });

  it("keeps integers beyond 2^53 exact", async () => {
    const text = JSON.stringify(tronVectors.btt.response_visible_false).replace(
      "990000000000000000",
      "990000000000000001",
    );
    node.answerNextWith(text);
    const btt = await tokenClient.getAssetIssueById({ value: "1002000", visible: false });
    expect(btt?.total_supply).toBe(990000000000000001n);
  });

  it("refuses an id that is not decimal before sending", async () => {
    const before = node.requests.length;
    const error = await tokenClient.getAssetIssueById({ value: "BTT" }).catch((e: unknown) => e);
    expect((error as RequestValidationError).field).toBe("/body/value");
    expect(node.requests.length).toBe(before);
  });
});

describe("credentials and usage", () => {
  it("reports a refused password as HTTP 401 without showing it", async () => {
    const secret = "not-the-password-19af";
    const client = createWalletClient({
      url: node.url,
      credentials: { username: node.username, password: secret },
    });
    const error = await client.getAssetIssueById({ value: "1002000" }).catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(401);
    const shown = `${(error as Error).message} ${inspect(error, { depth: 5 })} ${inspect(client, { depth: 10, showHidden: true })}`;
    expect(shown).not.toContain(secret);
  });

  it("refuses a bearer key at construction", () => {
    expect(() => createWalletClient({ url: node.url, credentials: { bearer: "k" } as never })).toThrowError(
      ConfigurationError,
    );
  });

  it("counts each request", async () => {
    const client = createWalletClient({ url: node.url, credentials: { token: node.token } });
    await client.getAssetIssueById({ value: "1002000" });
    await client.getAssetIssueListByName({ value: "TRN" });
    expect(client.usage().requests).toBe(2);
  });
});
