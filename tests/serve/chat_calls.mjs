// Chat completions through the official `openai` npm package against
// `kiln serve`: tests/unit/test_serve_chat.py writes the calls, this makes
// them through the SDK (its request building, SSE reading and error
// classes) and prints what came back as JSON; the Python side judges it.
//
//   node tests/serve/chat_calls.mjs calls.json
//
// calls.json: {"url": "http://127.0.0.1:PORT/v1", "key": "...", "calls": [params, ...]}.
// Each result: {content, deltas, finish_reason, usage} (deltas for stream: true)
// or {error: {status, param, name}}.
import { readFileSync } from 'node:fs';
import OpenAI from 'openai';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const client = new OpenAI({ baseURL: spec.url, apiKey: spec.key, maxRetries: 0 });

async function one(params) {
  try {
    if (!params.stream) {
      const r = await client.chat.completions.create(params);
      const c = r.choices[0];
      return { object: r.object, role: c.message.role, content: c.message.content,
               finish_reason: c.finish_reason, usage: r.usage };
    }
    const stream = await client.chat.completions.create(params);
    const deltas = [];
    let finish = null, usage = null, object = null;
    for await (const chunk of stream) {
      object = chunk.object;
      if (chunk.usage) usage = chunk.usage;
      for (const c of chunk.choices) {
        if (typeof c.delta.content === 'string' && c.delta.content !== '') deltas.push(c.delta.content);
        if (c.finish_reason) finish = c.finish_reason;
      }
    }
    return { object, content: deltas.join(''), deltas, finish_reason: finish, usage };
  } catch (e) {
    if (e instanceof OpenAI.APIError)
      return { error: { status: e.status ?? null, param: e.param ?? null, name: e.constructor.name } };
    throw e;
  }
}

const out = [];
for (const params of spec.calls) out.push(await one(params));
process.stdout.write(JSON.stringify(out));
