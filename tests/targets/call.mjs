// call.mjs — call.c's twin for a library built for wasm32-emscripten: loads
// the .js loader (and its .wasm) that `kiln compile --target
// wasm32-emscripten` writes, calls one function through include/kiln.h's
// JSON form and prints the result, or the Python traceback on stderr and
// exit 1.
//
//   node tests/targets/call.mjs LIB.js FUNC 'JSON-ARGS'
import { createRequire } from 'node:module';
import path from 'node:path';

const [lib, func, args] = process.argv.slice(2);
if (!lib || !func || args === undefined) {
  console.error("usage: node call.mjs LIB.js FUNC 'JSON-ARGS'");
  process.exit(2);
}
const load = createRequire(import.meta.url)(path.resolve(lib));
const m = await load();
const open = m.cwrap('kiln_open', 'number', ['number']);
const callJson = m.cwrap('kiln_call_json', 'number', ['number', 'string', 'string', 'number', 'number']);
const traceback = m.cwrap('kiln_error_traceback', 'string', ['number']);
const free = m.cwrap('kiln_free', null, ['number']);

const slots = m._malloc(8); // kiln_error *err, char *result
m.setValue(slots, 0, 'i32');
m.setValue(slots + 4, 0, 'i32');
const mod = open(slots);
if (!mod || callJson(mod, func, args, slots + 4, slots) !== 0) {
  const err = m.getValue(slots, 'i32');
  process.stderr.write(err ? traceback(err) : 'MemoryError\n');
  process.exit(1);
}
const result = m.getValue(slots + 4, 'i32');
console.log(m.UTF8ToString(result));
free(result);
