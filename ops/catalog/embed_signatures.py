#!/usr/bin/env python3
"""Writes the C++ of a family's describe function (ops/registry.hpp) with the family's signature text
(ops/FAMILY/signatures.txt, written by signatures_from_changelog.py) in it, so that the built programs read
no source file. Run by the build (ops/meson.build):

    python3 ops/catalog/embed_signatures.py FAMILY SIGNATURES_TXT OUTPUT_CPP
"""
import sys

family, source, output = sys.argv[1:]
text = open(source).read()
if ')sig"' in text:
    sys.exit(f'{source}: the text holds )sig", which would end the string literal')
# The text starts on the literal's first line: the parser's line numbers are those of the file.
cpp = (f'// Written by ops/catalog/embed_signatures.py from ops/{family}/signatures.txt at build time.\n'
       '#include "ops/registry.hpp"\n\n'
       'namespace onnxsem::ops {\n\n'
       f'void describe_{family}(Registry& r) {{\n'
       f'  r.describe(R"sig({text})sig");\n'
       '}\n\n'
       '}  // namespace onnxsem::ops\n')
with open(output, 'w') as fh:
    fh.write(cpp)
