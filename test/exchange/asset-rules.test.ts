import { readFileSync } from "node:fs";
import {
  type AssetInfo,
  createAssetDirectory,
  type Meta,
  priceProblem,
  RequestValidationError,
  roundPrice,
  roundSize,
  type SpotMeta,
  sizeProblem,
} from "chainkit/exchange";
import { describe, expect, it } from "vitest";

const recorded = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/exchange/recorded/${name}`, import.meta.url), "utf8"))
    .examples;
// Real mainnet answers: late-2025 meta and spotMeta.
const meta = recorded("info_meta.json")[1].response as Meta;
const spotMeta = recorded("info_spotMeta.json")[0].response as SpotMeta;
const assets = createAssetDirectory(meta, spotMeta);
const asset = (name: string) => assets.get(name) as AssetInfo;

describe("asset directory", () => {
  it("numbers perpetuals by their position in meta and spot pairs 10000 + their index", () => {
    expect(assets.index("BTC")).toBe(0);
    expect(assets.index("ETH")).toBe(1);
    expect(asset("MATIC")).toMatchObject({ index: 3, isDelisted: true });
    expect(asset("PURR/USDC")).toMatchObject({
      index: 10000,
      kind: "spot",
      szDecimals: 0,
      maxPriceDecimals: 8,
    });
    expect(assets.get(10001)?.name).toBe("@1");
    expect(assets.get("HFUN/USDC")).toBe(assets.get("@1"));
    expect(asset("BTC")).toMatchObject({ kind: "perp", szDecimals: 5, maxPriceDecimals: 1, maxLeverage: 40 });
    const perps = assets.assets.filter((entry) => entry.kind === "perp");
    expect(perps.map((entry) => entry.name)).toEqual(meta.universe.map((entry) => entry.name));
  });

  it("refuses an unknown name with a RequestValidationError saying where names come from", () => {
    expect(() => assets.index("NOPE")).toThrow(RequestValidationError);
    expect(() => assets.index("NOPE")).toThrow(/meta .*spotMeta/);
  });
});

describe("price and size rules", () => {
  it("allow at most 5 significant figures unless the price is an integer", () => {
    expect(priceProblem("61500", asset("BTC"))).toBeUndefined();
    expect(priceProblem("123456", asset("BTC"))).toBeUndefined();
    expect(priceProblem("6150.5", asset("BTC"))).toBeUndefined();
    expect(priceProblem("61500.5", asset("BTC"))).toMatch(/^has 6 significant figures; .*roundPrice/);
    expect(priceProblem("0.012345", asset("kPEPE"))).toBeUndefined();
    expect(priceProblem("0.0123456", asset("kPEPE"))).toMatch(/6 significant figures/);
    expect(priceProblem("0", asset("BTC"))).toBe("must be greater than 0");
  });

  it("allow at most (6 perpetual, 8 spot) − szDecimals decimals in a price", () => {
    // ETH: szDecimals 4, so 2 decimals.
    expect(priceProblem("3450.5", asset("ETH"))).toBeUndefined();
    expect(priceProblem("345.05", asset("ETH"))).toBeUndefined();
    expect(priceProblem("34.505", asset("ETH"))).toMatch(
      /^has 3 decimals; ETH prices may have at most 2 \(6 − szDecimals 4\)/,
    );
    // PURR/USDC: a spot pair with szDecimals 0, so 8 decimals.
    expect(priceProblem("0.00012345", asset("PURR/USDC"))).toBeUndefined();
    expect(priceProblem("0.000012345", asset("PURR/USDC"))).toMatch(/at most 8 \(8 − szDecimals 0\)/);
  });

  it("allow at most szDecimals decimals in a size", () => {
    expect(sizeProblem("0.00001", asset("BTC"))).toBeUndefined();
    expect(sizeProblem("0.000001", asset("BTC"))).toMatch(
      /^has 6 decimals; BTC sizes may have at most 5.*roundSize/,
    );
    expect(sizeProblem("12", asset("DOGE"))).toBeUndefined();
    expect(sizeProblem("12.5", asset("DOGE"))).toMatch(/at most 0/);
  });

  it("round prices and sizes to the nearest allowed value, half up", () => {
    expect(roundPrice(61234.56, asset("BTC"))).toBe("61235");
    expect(roundPrice("123456.7", asset("BTC"))).toBe("123457");
    expect(roundPrice(6123.456, asset("BTC"))).toBe("6123.5");
    expect(roundPrice("3450.567", asset("ETH"))).toBe("3450.6");
    expect(roundPrice("34.505", asset("ETH"))).toBe("34.51");
    expect(roundPrice(0.1 + 0.2, asset("ETH"))).toBe("0.3");
    expect(roundPrice("0.0000123456", asset("PURR/USDC"))).toBe("0.00001235");
    expect(roundPrice("9.999996", asset("ETH"))).toBe("10");
    expect(roundSize(0.0123456, asset("BTC"))).toBe("0.01235");
    expect(roundSize("12.5", asset("DOGE"))).toBe("13");
    for (const [price, name] of [
      [98765.4321, "BTC"],
      [0.000987654, "kPEPE"],
      [2.71234567, "PURR/USDC"],
    ] as const) {
      expect(priceProblem(roundPrice(price, asset(name)), asset(name)), `${price} ${name}`).toBeUndefined();
    }
  });

  it("refuse a negative or non-finite number to round, naming it", () => {
    expect(() => roundPrice(-1, asset("BTC"))).toThrow(/price must be a non-negative finite number/);
    expect(() => roundSize(Number.NaN, asset("BTC"))).toThrow(/size must be/);
  });
});
