#!/usr/bin/env bash
# Sets up the book's browser test (docs/book.md; reports/book.test.sh): Node.js and the npm package
# puppeteer-core of package-lock.json, which drives Debian's Chromium (installed by .ci/setup; puppeteer-core
# downloads no browser). crosscheck/js/setup.sh does the work; its last line says whether the test can run.
here=$(cd "$(dirname "$0")" && pwd)
exec bash "$here/../../crosscheck/js/setup.sh" "$here" --probe check-book.js --name "the book's browser test"
