// bench/clients/overhead.mjs — the Node client's per-call overhead against
// calling the C ABI directly, on the same compiled function (add(a, b) of
// tests/abi/textlib.py, which does almost nothing, so the time is the
// calling machinery's). Prints both, and the difference per call; the goal
// is at most 50 us of overhead.
//
//   node bench/clients/overhead.mjs [CALLS]      (bin/kiln built, koffi installed)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Kiln } from "../../clients/node/index.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const calls = Number(process.argv[2] ?? 20000);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kiln-bench-"));
const lib = path.join(tmp, "textlib.so"), host = path.join(tmp, "abi_call");
const run = (cmd, args) => {
  const p = spawnSync(cmd, args, { encoding: "utf8" });
  if (p.status !== 0) throw new Error(`${cmd} ${args.join(" ")}: ${p.stderr}`);
  return p.stdout;
};
run(path.join(ROOT, "bin/kiln"), ["compile", path.join(ROOT, "tests/abi/textlib.py"), "-o", lib]);
run("cc", ["-O2", "-I", path.join(ROOT, "include"), path.join(ROOT, "bench/clients/abi_call.c"), lib, "-o", host, `-Wl,-rpath,${tmp}`]);
const cUs = Number(run(host, [String(calls * 10)]).trim().split("\n").pop().split(" ")[0]); // the module prints a line first

const client = new Kiln({ models: { textlib: lib } });
const once = () => client.predictions.create({ model: "textlib", function: "add", inputs: [1, 2] });
if ((await once()).output !== 3) throw new Error("add(1, 2) != 3");
for (let i = 0; i < 2000; i++) await once(); // warm up the JIT
let best = Infinity;
for (let round = 0; round < 3; round++) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await once();
  best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e3 / calls);
}
// the same calls 16 at a time: what a server sees
const t0 = process.hrtime.bigint();
for (let i = 0; i < calls; i += 16) await Promise.all(Array.from({ length: 16 }, once));
const concurrentUs = Number(process.hrtime.bigint() - t0) / 1e3 / calls;
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`C ABI direct (kiln_call):            ${cUs.toFixed(2)} us/call`);
console.log(`Node client (predictions.create):   ${best.toFixed(2)} us/call, one at a time`);
console.log(`Node client, 16 in flight:           ${concurrentUs.toFixed(2)} us/call`);
console.log(`client overhead:                     ${(best - cUs).toFixed(2)} us/call (goal <= 50)`);
