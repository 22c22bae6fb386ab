// wasm_pre.js — emcc's --pre-js for kiln's wasm32-emscripten target (both
// programs and libraries; compiler/targets.c). Emscripten's C library starts
// from a default environment of its own; this gives a program the Node
// process's environment instead (os.environ, getenv), as python3 sees it.
if (typeof process === 'object' && process.env) {
  Module['preRun'] = [].concat(Module['preRun'] || [], function () {
    if (typeof ENV === 'object') {
      for (var k in process.env) ENV[k] = process.env[k];
    }
  });
}
