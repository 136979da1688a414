// Times first calls in fresh processes, in turn, round after round, as row 2b does, and prints the
// median and fastest CPU time and wall time of each next to the last one's:
//   node bench/cold/rounds.mjs <answers.json> <rounds> <label>=<kind>:<file>…
// e.g. two trees built by build.ts, and viem last:
//   node bench/cold/rounds.mjs /tmp/after/answers.json 25 before=evm:/tmp/before/evm/entry.js \
//     after=evm:/tmp/after/evm/entry.js viem=viem:/tmp/after/viem.mjs
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const CHILD = fileURLToPath(new URL("child.mjs", import.meta.url));
const [answers, rounds, ...specs] = process.argv.slice(2);
if (answers === undefined || !(Number(rounds) > 0) || specs.length === 0) {
  throw new Error("usage: node bench/cold/rounds.mjs <answers.json> <rounds> <label>=<kind>:<file>…");
}
const variants = specs.map((spec) => {
  const [label, kind, ...file] = spec.split(/[=:]/);
  return { label, kind, file: file.join(":"), cpu: [], wall: [] };
});
const once = (variant) =>
  JSON.parse(execFileSync(process.execPath, [CHILD, variant.kind, variant.file, answers]).toString());
const loadAtStart = loadavg()[0];
for (const variant of variants) once(variant); // warm the disk cache, untimed
for (let round = 0; round < Number(rounds); round++) {
  // The order rotates from round to round, so no variant always runs after the same one.
  for (let k = 0; k < variants.length; k++) {
    const variant = variants[(k + round) % variants.length];
    const { load, first, cpu } = once(variant);
    variant.cpu.push(cpu);
    variant.wall.push(load + first);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fastest = (values) => Math.min(...values);
const peer = variants.at(-1);
console.log(
  `${rounds} rounds, load ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`,
);
for (const { label, cpu, wall } of variants) {
  console.log(
    `${label.padEnd(12)} CPU ms median ${median(cpu).toFixed(1)} (÷ ${peer.label} ${(median(cpu) / median(peer.cpu)).toFixed(2)}),` +
      ` fastest ${fastest(cpu).toFixed(1)} | wall ms median ${median(wall).toFixed(1)}` +
      ` (÷ ${(median(wall) / median(peer.wall)).toFixed(2)}), fastest ${fastest(wall).toFixed(1)}`,
  );
}
