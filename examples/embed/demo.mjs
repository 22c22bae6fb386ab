// The demo: embed a few sentences with the compiled example through the
// OpenAI-style Node client, and print their cosine similarities.
//
//   node examples/embed/demo.mjs LIBRARY [MODEL_NAME]
import { Kiln } from "../../clients/node/index.mjs";

const [library, model = "glove-100d"] = process.argv.slice(2);
const client = new Kiln({ models: { [model]: library } });
const sentences = [
  "The cat sat on the mat.",
  "A dog slept on the rug.",
  "Stock markets fell sharply today.",
  "Investors sold shares as prices dropped.",
  "Heavy rain and strong winds are expected tomorrow.",
  "The weather forecast warns of a storm.",
];
const t0 = performance.now();
const res = await client.embeddings.create({ model, input: sentences });
const ms = performance.now() - t0;
const vecs = res.data.map((d) => d.embedding);
const cos = (a, b) => {
  let dot = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) (dot += a[i] * b[i]), (na += a[i] * a[i]), (nb += b[i] * b[i]);
  return dot / Math.sqrt(na * nb);
};
console.log(`${res.data.length} sentences, ${vecs[0].length} dimensions, model ${res.model}, ${ms.toFixed(1)} ms\n`);
const w = 44;
console.log("".padEnd(w) + sentences.map((_, j) => `  [${j}]`).join(""));
sentences.forEach((s, i) => {
  const label = `[${i}] ${s}`.slice(0, w - 1).padEnd(w);
  console.log(label + vecs.map((v) => cos(vecs[i], v).toFixed(2).padStart(5)).join(" "));
});
// the most similar other sentence of each: related ones should pair up
console.log();
sentences.forEach((s, i) => {
  let best = -1, score = -2;
  vecs.forEach((v, j) => {
    if (j !== i && cos(vecs[i], v) > score) (score = cos(vecs[i], v)), (best = j);
  });
  console.log(`[${i}] closest: [${best}] (${score.toFixed(2)})`);
});
