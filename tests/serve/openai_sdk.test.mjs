// The official `openai` npm package (v6) against `kiln serve`: every answer
// goes through the SDK's own request building and response parsing (base64
// decoding, SSE reading, error classes). tests/unit/test_serve.py starts the
// server and writes what CPython computes for the same calls:
//
//   KILN_SERVE_URL=http://127.0.0.1:PORT KILN_SERVE_KEY=... \
//   KILN_SERVE_EXPECTED=expected.json node --test tests/serve/openai_sdk.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import OpenAI from 'openai';

const want = JSON.parse(readFileSync(process.env.KILN_SERVE_EXPECTED, 'utf8'));
const baseURL = process.env.KILN_SERVE_URL + '/v1';
const client = new OpenAI({ baseURL, apiKey: process.env.KILN_SERVE_KEY, maxRetries: 0 });
const model = want.model;

// float32 is what base64 carries: the SDK decodes it into a Float32Array
const f32 = (rows) => rows.map((r) => r.map((x) => Math.fround(x)));

test('embeddings, encoding_format float: the doubles CPython computes', async () => {
  const r = await client.embeddings.create({ model, input: want.inputs, encoding_format: 'float' });
  assert.equal(r.object, 'list');
  assert.equal(r.model, model);
  assert.deepEqual(r.data.map((d) => d.index), want.inputs.map((_, i) => i));
  assert.ok(r.data.every((d) => d.object === 'embedding'));
  assert.deepEqual(r.data.map((d) => d.embedding), want.vectors);
  assert.equal(r.usage.prompt_tokens, want.input_words);
  assert.equal(r.usage.total_tokens, want.input_words);
});

test('embeddings, the SDK default (base64): decoded float32 values', async () => {
  const r = await client.embeddings.create({ model, input: want.inputs });
  assert.deepEqual(r.data.map((d) => Array.from(d.embedding)), f32(want.vectors));
});

test('embeddings, encoding_format base64 asked for: the float32 bytes, little-endian', async () => {
  // asked for explicitly, the SDK hands the base64 text over undecoded
  const r = await client.embeddings.create({ model, input: want.inputs, encoding_format: 'base64' });
  const rows = r.data.map((d) => {
    const b = Buffer.from(d.embedding, 'base64');
    return Array.from(new Float32Array(b.buffer, b.byteOffset, b.length / 4));
  });
  assert.deepEqual(rows, f32(want.vectors));
});

test('embeddings of one string', async () => {
  const r = await client.embeddings.create({ model, input: want.inputs[0], encoding_format: 'float' });
  assert.equal(r.data.length, 1);
  assert.deepEqual(r.data[0].embedding, want.vectors[0]);
});

test('embeddings with dimensions: truncated and renormalised', async () => {
  for (const fmt of ['float', undefined]) { // undefined: the SDK's base64, decoded by it
    const params = { model, input: want.inputs, dimensions: want.dimensions };
    if (fmt) params.encoding_format = fmt;
    const r = await client.embeddings.create(params);
    r.data.forEach((d, i) => {
      const got = Array.from(d.embedding);
      assert.equal(got.length, want.dimensions);
      got.forEach((x, k) => {
        const ref = fmt ? want.truncated[i][k] : Math.fround(want.truncated[i][k]);
        assert.ok(Math.abs(x - ref) <= 1e-15, `${fmt} row ${i} [${k}]: ${x} != ${ref}`);
      });
    });
  }
});

test('dimensions larger than the model makes: a 400 naming the parameter', async () => {
  await assert.rejects(
    client.embeddings.create({ model, input: 'abc', dimensions: want.native_dimensions + 1 }),
    (e) => e instanceof OpenAI.BadRequestError && e.status === 400 && e.param === 'dimensions');
});

test('chat completions: the text the generator yields', async () => {
  for (const c of want.chats) {
    const params = { model, messages: c.messages };
    if (c.max_tokens !== null) params.max_tokens = c.max_tokens;
    if (c.temperature !== null) params.temperature = c.temperature;
    const r = await client.chat.completions.create(params);
    assert.equal(r.object, 'chat.completion');
    assert.ok(r.id.startsWith('chatcmpl-'));
    assert.equal(r.model, model);
    assert.equal(r.choices.length, 1);
    assert.equal(r.choices[0].message.role, 'assistant');
    assert.equal(r.choices[0].message.content, c.content);
    assert.equal(r.choices[0].finish_reason, c.finish_reason);
    assert.deepEqual(r.usage, { prompt_tokens: c.prompt_words, completion_tokens: c.items, total_tokens: c.prompt_words + c.items });
  }
});

test('chat completions, streaming: the chunks add up to the same text, usage last', async () => {
  for (const c of want.chats) {
    const params = { model, messages: c.messages, stream: true, stream_options: { include_usage: true } };
    if (c.max_tokens !== null) params.max_tokens = c.max_tokens;
    if (c.temperature !== null) params.temperature = c.temperature;
    const stream = await client.chat.completions.create(params);
    let text = '', finish = null, usage = null, chunks = 0, id = null;
    for await (const chunk of stream) {
      assert.equal(chunk.object, 'chat.completion.chunk');
      id ??= chunk.id;
      assert.equal(chunk.id, id);
      if (chunk.usage) usage = chunk.usage;
      for (const ch of chunk.choices) {
        text += ch.delta.content ?? '';
        if (ch.finish_reason) finish = ch.finish_reason;
      }
      chunks++;
    }
    assert.equal(text, c.content);
    assert.equal(finish, c.finish_reason);
    assert.equal(chunks, c.items + 3); // role, one per item, finish, usage
    assert.deepEqual(usage, { prompt_tokens: c.prompt_words, completion_tokens: c.items, total_tokens: c.prompt_words + c.items });
  }
});

test('a Python exception in the generator: an APIError, mid-stream too', async () => {
  const messages = [{ role: 'user', content: 'one boom' }];
  await assert.rejects(client.chat.completions.create({ model, messages }),
    (e) => e instanceof OpenAI.InternalServerError && /ValueError: boom in the chat function/.test(e.message));
  const stream = await client.chat.completions.create({ model, messages, stream: true });
  await assert.rejects(async () => { for await (const _ of stream); },
    (e) => e instanceof OpenAI.APIError && /ValueError: boom/.test(e.message));
});

test('models.list and models.retrieve', async () => {
  const ids = [];
  for await (const m of client.models.list()) {
    assert.equal(m.object, 'model');
    ids.push(m.id);
  }
  assert.deepEqual(ids, want.models);
  const m = await client.models.retrieve(model);
  assert.equal(m.id, model);
});

test('a wrong API key: AuthenticationError (401)', async () => {
  const bad = new OpenAI({ baseURL, apiKey: 'sk-wrong', maxRetries: 0 });
  await assert.rejects(bad.embeddings.create({ model, input: 'x' }),
    (e) => e instanceof OpenAI.AuthenticationError && e.status === 401 && e.code === 'invalid_api_key');
  await assert.rejects(bad.models.list(), (e) => e instanceof OpenAI.AuthenticationError);
});

test('an unknown model: NotFoundError (404)', async () => {
  await assert.rejects(client.embeddings.create({ model: 'no-such-model', input: 'x' }),
    (e) => e instanceof OpenAI.NotFoundError && e.status === 404 && e.code === 'model_not_found');
  await assert.rejects(client.chat.completions.create({ model: 'no-such-model', messages: [{ role: 'user', content: 'x' }] }),
    (e) => e instanceof OpenAI.NotFoundError);
});

test('invalid requests: BadRequestError (400) naming the parameter', async () => {
  const cases = [
    [() => client.embeddings.create({ model, input: [], encoding_format: 'float' }), 'input'],
    [() => client.embeddings.create({ model, input: [1, 2, 3], encoding_format: 'float' }), 'input'],
    [() => client.embeddings.create({ model, input: 'x', encoding_format: 'hex' }), 'encoding_format'],
    [() => client.embeddings.create({ model, input: 'x', dimensions: 0 }), 'dimensions'],
    [() => client.chat.completions.create({ model, messages: [] }), 'messages'],
    [() => client.chat.completions.create({ model, messages: [{ role: 'wizard', content: 'x' }] }), 'messages.[0].role'],
    [() => client.chat.completions.create({ model, messages: [{ role: 'user', content: 'x' }], temperature: 7 }), 'temperature'],
    [() => client.chat.completions.create({ model, messages: [{ role: 'user', content: 'x' }], max_tokens: 0 }), 'max_tokens'],
  ];
  for (const [call, param] of cases)
    await assert.rejects(call(), (e) => e instanceof OpenAI.BadRequestError && e.param === param,
      `expected a 400 for ${param}`);
});
