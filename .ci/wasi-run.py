#!/usr/bin/env python3
"""Runs a wasm32-wasip1 program like a native one: `wasi-run.py PROGRAM.wasm ARGS...`.

The program gets ARGS as its argv, the current directory preopened as `.` (so relative paths
read files as they do natively), this process's stdout and stderr, and its exit status becomes
this process's. Uses the `wasmtime` package (`pip install wasmtime`). The compiled module is
cached next to the .wasm (PROGRAM.cwasm) so that running many cases compiles it once.
"""

import os
import sys

from wasmtime import Engine, ExitTrap, Linker, Module, Store, WasiConfig, WasmtimeError


def load(engine, path):
    """The module at `path`, from its compiled cache when that is newer and still loads."""
    cache = os.path.splitext(path)[0] + ".cwasm"
    if os.path.exists(cache) and os.path.getmtime(cache) >= os.path.getmtime(path):
        try:
            return Module.deserialize_file(engine, cache)
        except WasmtimeError:
            pass  # another wasmtime's cache: compile again below
    module = Module.from_file(engine, path)
    try:
        with open(cache + ".tmp", "wb") as f:
            f.write(module.serialize())
        os.replace(cache + ".tmp", cache)
    except OSError:
        pass  # no cache: slower, not wrong
    return module


def main():
    if len(sys.argv) < 2:
        sys.stderr.write("usage: wasi-run.py PROGRAM.wasm ARGS...\n")
        return 2
    path = sys.argv[1]
    engine = Engine()
    module = load(engine, path)
    linker = Linker(engine)
    linker.define_wasi()
    wasi = WasiConfig()
    wasi.argv = [os.path.basename(path)] + sys.argv[2:]
    wasi.preopen_dir(".", ".")
    wasi.inherit_stdout()
    wasi.inherit_stderr()
    store = Store(engine)
    store.set_wasi(wasi)
    instance = linker.instantiate(store, module)
    start = instance.exports(store)["_start"]
    try:
        start(store)
    except ExitTrap as exit_trap:
        return exit_trap.code
    return 0


if __name__ == "__main__":
    sys.exit(main())
