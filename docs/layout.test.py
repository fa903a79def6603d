#!/usr/bin/env python3
"""The rules of docs/layout.md that a reader can check by reading the sources, checked on every tracked file:

1. Folders that are libraries: a folder includes only folders below it in the order of the layout
   (runtime < values < loader < semantics < ops < conformance < crosscheck < reports < cli < python), never one above
   it nor itself in a cycle. spec/ (the clause list) includes nothing and may be included by reports/ and
   cli/. The one exception is written here: semantics/'s tests read models with the loader.
2. Test support stays out of the program: only tests (*.test.cpp) and other test support include
   values/testing.hpp, ops/common/testing.hpp or a family's *test_util.hpp, and only they call
   test_context().
3. No evaluation's context is held where code could reach it by accident: thread_local appears only in the
   places docs/layout.md lists, each with its reason ("What stays per thread or per process").

Prints what breaks a rule and exits 1; exits 0 when every rule holds. Usage: layout.test.py SOURCE_ROOT
"""
import re
import subprocess
import sys

ORDER = ["runtime", "values", "loader", "semantics", "ops", "conformance", "crosscheck", "reports", "cli", "python"]
# A folder's test files may include these folders above it (test fixtures only).
TEST_EXCEPTIONS = {("semantics", "loader")}
SPEC_READERS = {"reports", "cli"}


def test_support(path):
    """values/testing.*, ops/common/testing.hpp and the families' *test_util.hpp: for tests only."""
    return re.search(r"(^|/)(\w*test_util\.hpp|testing\.(hpp|cpp))$", path) is not None

THREAD_LOCAL_ALLOWED = {
    "runtime/parallel.cpp",  # whether this thread runs a piece (E9)
    "runtime/coverage.hpp",  # the recording a marker writes to (K17)
    "ops/nn/conv.cpp",  # a thread's scratch buffers
    "ops/common/product.hpp",  # a thread's scratch buffer
    "values/testing.hpp",  # test support: the tests' context
}


def tracked(root):
    out = subprocess.run(["git", "-C", root, "ls-files", "*.cpp", "*.hpp"], capture_output=True, text=True,
                         check=True).stdout
    return [f for f in out.split() if "/" in f]


def main():
    root = sys.argv[1]
    problems = []
    include = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/([^"]+)"', re.M)
    for f in tracked(root):
        folder = f.split("/")[0]
        with open(f"{root}/{f}", encoding="utf-8") as fh:
            text = fh.read()
        is_test = f.endswith(".test.cpp") or test_support(f)
        for m in include.finditer(text):
            to, path = m.group(1), f"{m.group(1)}/{m.group(2)}"
            if to == folder:
                pass
            elif to == "spec":
                if folder not in SPEC_READERS and folder != "spec":
                    problems.append(f"{f}: includes {path}; only {sorted(SPEC_READERS)} read spec/")
            elif folder in ORDER and to in ORDER:
                if ORDER.index(to) > ORDER.index(folder) and not (is_test and (folder, to) in TEST_EXCEPTIONS):
                    problems.append(f"{f}: includes {path}, a folder above {folder}/")
            elif folder == "spec" and to in ORDER:
                problems.append(f"{f}: spec/ includes {path}")
            if test_support(path) and not is_test:
                problems.append(f"{f}: includes the test support {path}")
        if not is_test and re.search(r"\btest_context\(\)", text):
            problems.append(f"{f}: calls test_context(), which is for tests only")
        if re.search(r"\bthread_local\b", text) and f not in THREAD_LOCAL_ALLOWED and not f.endswith(".test.cpp"):
            problems.append(f"{f}: thread_local outside the places docs/layout.md lists")
    for p in problems:
        print(p)
    print(f"{len(problems)} problems in {len(tracked(root))} files")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
