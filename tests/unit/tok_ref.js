// tok_ref.js — the reference side of test_tokenizers.py: Hugging Face's own
// tokenizers library through its Node binding (npm `tokenizers`, installed
// at test time into build/npm). Same output format as tok_driver.c.
//
//   node tok_ref.js TOKENIZER.json INPUTS.json [add_special]
//   node tok_ref.js --bench TOKENIZER.json INPUTS.json ROUNDS
const path = require("path");
const fs = require("fs");
const { Tokenizer } = require(path.resolve(__dirname, "../../build/npm/node_modules/tokenizers"));

async function main() {
  let args = process.argv.slice(2);
  const bench = args[0] === "--bench";
  if (bench) args = args.slice(1);
  const tok = Tokenizer.fromFile(args[0]);
  const inputs = JSON.parse(fs.readFileSync(args[1], "utf8"));
  if (bench) {
    const rounds = +(args[2] || 1);
    let n = 0;
    const t0 = process.hrtime.bigint();
    for (let r = 0; r < rounds; r++) {
      const encs = await tok.encodeBatch(inputs, { addSpecialTokens: true });
      for (const e of encs) n += e.getIds().length;
    }
    const dt = Number(process.hrtime.bigint() - t0) / 1e9;
    console.log(JSON.stringify({ tokens: n, seconds: dt, tokens_per_s: Math.round(n / dt) }));
    return;
  }
  const addSpecial = args[2] === undefined ? true : args[2] !== "0";
  const out = [];
  for (const s of inputs) {
    try {
      const e = await tok.encode(s, null, { addSpecialTokens: addSpecial });
      const ids = Array.from(e.getIds());
      out.push(JSON.stringify({
        ids, offsets: e.getOffsets(), tokens: e.getTokens(),
        decoded: await tok.decode(ids, false), decoded_skip: await tok.decode(ids, true),
      }));
    } catch (err) {
      out.push(JSON.stringify({ error: String(err) }));
    }
  }
  process.stdout.write(out.join("\n") + "\n");
}
main();
