// wasm_web.js — emcc's --pre-js for a library built by `kiln compile
// --target wasm32-emscripten --web` (compiler/targets.c), the build for a
// browser page. A page has no host files and no process environment, so it
// hands both in when it instantiates the module:
//
//   const kiln = await kilnModule({
//     files: {'/model/config.json': bytes, ...},   // Uint8Array, ArrayBuffer or string
//     env: {KILN_MODEL_DIR: '/model'},
//   });
//   const vectors = kiln.call('generate_embeddings', [['a sentence']]);
//
// The files are written into emscripten's in-memory file system before the
// module's code runs (so a model loaded at module load finds them);
// kiln.call is include/kiln.h's kiln_call_json with the library opened on
// first use: arguments and result as JSON values, a Python exception thrown
// as an Error whose message is the traceback.
Module['preRun'] = [].concat(Module['preRun'] || [], function () {
  var files = Module['files'] || {};
  for (var p in files) {
    var parts = p.split('/').filter(function (s) { return s.length; });
    var dir = '';
    for (var i = 0; i + 1 < parts.length; i++) {
      dir += '/' + parts[i];
      try { FS.mkdir(dir); } catch (e) { /* already there */ }
    }
    var data = files[p];
    FS.writeFile(p, typeof data === 'string' ? data : new Uint8Array(data));
  }
  var env = Module['env'] || {};
  for (var k in env) ENV[k] = String(env[k]);
});

Module['call'] = function (func, args) {
  var slots = Module['_malloc'](8); // kiln_error *err, char *result
  try {
    Module['setValue'](slots, 0, 'i32');
    Module['setValue'](slots + 4, 0, 'i32');
    if (!Module['kilnHandle']) {
      Module['kilnHandle'] = Module['cwrap']('kiln_open', 'number', ['number'])(slots);
      if (!Module['kilnHandle']) throw kilnError(slots);
    }
    var rc = Module['cwrap']('kiln_call_json', 'number', ['number', 'string', 'string', 'number', 'number'])(
      Module['kilnHandle'], func, JSON.stringify(args), slots + 4, slots);
    if (rc !== 0) throw kilnError(slots);
    var result = Module['getValue'](slots + 4, 'i32');
    var text = Module['UTF8ToString'](result);
    Module['cwrap']('kiln_free', null, ['number'])(result);
    return JSON.parse(text);
  } finally {
    Module['_free'](slots);
  }
};

function kilnError(slots) {
  var err = Module['getValue'](slots, 'i32');
  var text = err ? Module['cwrap']('kiln_error_traceback', 'string', ['number'])(err) : 'MemoryError';
  if (err) Module['cwrap']('kiln_error_free', null, ['number'])(err);
  return new Error(text);
}
