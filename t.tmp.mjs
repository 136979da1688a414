const w = Number(process.argv[2]);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const c0 = cpu();
const { secp256k1 } = await import("@noble/curves/secp256k1.js");
const c1 = cpu();
if (w) secp256k1.Point.BASE.precompute(w);
const key = new Uint8Array(32).fill(7);
const digest = new Uint8Array(32).fill(9);
secp256k1.sign(digest, key, { prehash: false, lowS: true, format: "recovered" });
const c2 = cpu();
for (let i = 0; i < 15; i++) { digest[0] = i; secp256k1.sign(digest, key, { prehash: false, lowS: true, format: "recovered" }); }
const c3 = cpu();
console.log(`w=${w || "6(default)"} import ${(c1 - c0).toFixed(1)} first ${(c2 - c1).toFixed(1)} next15 avg ${((c3 - c2) / 15).toFixed(2)}`);
