// bench/clients/latency.mjs — the Node client's per-call wall time on add(a, b)
// of tests/abi/textlib.py (almost no work: the time is the calling
// machinery's), with calls through libuv's pool (inlineUs: 0, every call as
// before inline calls existed) against the default (short calls inline),
// interleaved in blocks of 200 calls so that both see the same load. Prints
// the distribution of single calls: on a shared machine the fastest calls
// are the undisturbed ones, which is what a quiet machine gives every call
// on the inline path (nothing in it waits); the pool path's wake-ups are
// slower on a quiet machine than on a busy one (bench/RESULTS.md: 159 us
// against 45 us), so its figures here are its best case. Also the process's
// CPU time per call (all threads; the least of the blocks).
//
//   node bench/clients/latency.mjs [BLOCKS]   (bin/kiln built, koffi installed; default 50 blocks)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Kiln } from "../../clients/node/index.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const blocks = Number(process.argv[2] ?? 50);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kiln-latency-"));
const pool = path.join(tmp, "pool.so"), inline = path.join(tmp, "inline.so"); // one library each
const p = spawnSync(path.join(ROOT, "bin/kiln"), ["compile", path.join(ROOT, "tests/abi/textlib.py"), "-o", pool], { encoding: "utf8" });
if (p.status !== 0) throw new Error(`kiln compile: ${p.stderr}`);
fs.copyFileSync(pool, inline);
const clients = { pool: new Kiln({ models: { t: pool }, inlineUs: 0 }), inline: new Kiln({ models: { t: inline } }) };
const once = (c) => c.predictions.create({ model: "t", function: "add", inputs: [1, 2] });
for (const c of Object.values(clients)) {
  if ((await once(c)).output !== 3) throw new Error("add(1, 2) != 3");
  for (let i = 0; i < 3000; i++) await once(c); // warm up the JIT
}
const load0 = os.loadavg()[0];
const us = { pool: [], inline: [] }, cpu = { pool: Infinity, inline: Infinity };
for (let b = 0; b < blocks; b++) {
  for (const k of b % 2 ? ["inline", "pool"] : ["pool", "inline"]) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < 200; i++) {
      const t0 = process.hrtime.bigint();
      await once(clients[k]);
      us[k].push(Number(process.hrtime.bigint() - t0) / 1e3);
    }
    const c = process.cpuUsage(c0);
    cpu[k] = Math.min(cpu[k], (c.user + c.system) / 200);
  }
}
fs.rmSync(tmp, { recursive: true, force: true });
for (const [k, xs] of Object.entries(us)) {
  xs.sort((x, y) => x - y);
  const q = (f) => xs[Math.floor(f * (xs.length - 1))].toFixed(1);
  console.log(`${k.padEnd(6)} ${xs.length} calls: min ${q(0)}  p10 ${q(0.1)}  p25 ${q(0.25)}  p50 ${q(0.5)}  p90 ${q(0.9)} us;` +
    ` CPU time (the process's, least block) ${cpu[k].toFixed(1)} us per call`);
}
console.log(`load average (1 min) ${load0.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end`);
