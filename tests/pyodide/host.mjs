#!/usr/bin/env node
// Python in Pyodide under Node, offline: the runtime of xlwings Lite, for xltb's tests and benchmark.
//
//   node host.mjs PYODIDE_DIR WHEEL[,WHEEL...] [SITE_ZIP...]
//
// PYODIDE_DIR is node_modules/pyodide (installed by .ci/run from tests/pyodide/package-lock.json).
// The wheels are unpacked into site-packages (no micropip, no network); each SITE_ZIP is a zip of
// packages unpacked there as well. Then one JSON line per request on stdin, one answer per line:
//   {"module": M, "func": F, "args": [...]}  ->  {"result": M.F(*args)}
//   {"exec": CODE}                            ->  {"result": the value CODE leaves in `result`}
//   {"exec_async": CODE}                      ->  {"result": await main()}, main an async function CODE defines
//                                                (Pyodide's event loop runs it: asyncio.sleep, awaited JS calls)
// A Python exception answers {"error": {"type": ..., "message": ...}}. The first line written is
// {"ready": {"loadPyodide_ms": ..., "install_ms": ..., "python": ...}}. Python's print goes to stderr.

import { readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const [indexDir, wheels, ...zips] = process.argv.slice(2);
if (!indexDir || !wheels) {
  console.error("usage: node host.mjs PYODIDE_DIR WHEEL[,WHEEL...] [SITE_ZIP...]");
  process.exit(2);
}
const bytes = (file) => {
  const buf = readFileSync(path.resolve(file));
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength); // not a Node Buffer: Pyodide refuses those
};

// the package is where .ci/run installed it, not beside this script
const { loadPyodide } = await import(pathToFileURL(path.resolve(indexDir, "pyodide.mjs")).href);
let t = performance.now();
const py = await loadPyodide({ indexURL: path.resolve(indexDir) + path.sep, stdout: (s) => process.stderr.write(s + "\n") });
const loadMs = performance.now() - t;
t = performance.now();
for (const w of wheels.split(",")) py.unpackArchive(bytes(w), "wheel");
const site = py.runPython("import site; site.getsitepackages()[0]");
for (const z of zips) py.unpackArchive(bytes(z), "zip", { extractDir: site });
const installMs = performance.now() - t;

py.runPython(`
import importlib as _importlib, json as _json

def _answer(request_json):
    request = _json.loads(request_json)
    if "exec" in request:
        scope = {}
        exec(request["exec"], scope)
        value = scope.get("result")
    else:
        value = getattr(_importlib.import_module(request["module"]), request["func"])(*request.get("args", []))
    return _json.dumps({"result": value}, default=str)

async def _answer_async(request_json):
    scope = {}
    exec(_json.loads(request_json)["exec_async"], scope)
    return _json.dumps({"result": await scope["main"]()}, default=str)
`);
const answer = py.globals.get("_answer");
const answerAsync = py.globals.get("_answer_async");
const version = py.runPython("import sys; sys.version.split()[0]");
process.stdout.write(JSON.stringify({ ready: { loadPyodide_ms: loadMs, install_ms: installMs, python: version } }) + "\n");

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (!line.trim()) continue;
  let out;
  try {
    out = "exec_async" in JSON.parse(line) ? await answerAsync(line) : answer(line);
  } catch (e) {
    const msg = String(e.message ?? e).trim().split("\n");
    out = JSON.stringify({ error: { type: e.type ?? e.name, message: msg[msg.length - 1], traceback: String(e.message ?? e) } });
  }
  process.stdout.write(out + "\n");
}
process.exit(0);
