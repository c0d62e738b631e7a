// Compiles a folder of Python to .pyc with Pyodide's own CPython (so the bytecode is the
// one the page runs) and drops the sources: `node compile.mjs PYODIDE_DIR FOLDER`.
import { pathToFileURL } from "node:url";
import path from "node:path";

const [runtime, folder] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime + path.sep });
pyodide.FS.mkdirTree("/stage");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, "/stage");
pyodide.runPython(`
import compileall, pathlib, sys
if not compileall.compile_dir("/stage", quiet=1, legacy=True):
    sys.exit("compile failed")
for source in pathlib.Path("/stage").rglob("*.py"):
    if source.with_suffix(".pyc").exists():
        source.unlink()
`);
